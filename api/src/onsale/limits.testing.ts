// Test helper for the on-sale's limits (onsale/limits.ts): a log of every row written to the
// waiting line or the waitlist, kept by a trigger, so a test sees that a refused or idempotent
// request wrote nothing, and how many changes racing requests made together.
import type { Db } from '../db/db.ts';

export interface WriteLog extends AsyncDisposable {
  /** Rows inserted or updated since the log started, for this account (any if omitted). */
  count(userId?: number): Promise<number>;
}

/** Starts logging writes to `table`; disposing of the log drops the trigger and its table. */
export async function logWrites(db: Db, table: 'sale_line' | 'waitlist'): Promise<WriteLog> {
  await db.query`CREATE TABLE test_onsale_writes (user_id bigint NOT NULL, op text NOT NULL)`;
  await db.query`
    CREATE FUNCTION test_onsale_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_onsale_writes (user_id, op) VALUES (NEW.user_id, TG_OP);
      RETURN NULL;
    END $$`;
  // A table's name cannot be a parameter: one literal statement per table.
  if (table === 'sale_line') {
    await db.query`
      CREATE TRIGGER test_onsale_write AFTER INSERT OR UPDATE ON sale_line
        FOR EACH ROW EXECUTE FUNCTION test_onsale_write()`;
  } else {
    await db.query`
      CREATE TRIGGER test_onsale_write AFTER INSERT OR UPDATE ON waitlist
        FOR EACH ROW EXECUTE FUNCTION test_onsale_write()`;
  }
  return {
    async count(userId) {
      const [row] = await db.query<{ n: number }>`
        SELECT count(*)::int AS n FROM test_onsale_writes
         WHERE ${userId ?? null}::bigint IS NULL OR user_id = ${userId ?? null}`;
      return row?.n ?? 0;
    },
    async [Symbol.asyncDispose]() {
      // Reused PGlite databases keep their schema (testing/db.ts): leave none of this behind.
      if (table === 'sale_line') await db.query`DROP TRIGGER test_onsale_write ON sale_line`;
      else await db.query`DROP TRIGGER test_onsale_write ON waitlist`;
      await db.query`DROP FUNCTION test_onsale_write()`;
      await db.query`DROP TABLE test_onsale_writes`;
    },
  };
}
