// preferGenericPlans (db/generic-plans.ts): a transaction's statements planned once per
// connection, and the setting gone with the transaction.
import assert from 'node:assert/strict';
import { createTestDb, onPostgresServer } from '../testing/db.ts';
import type { Tx } from './db.ts';
import { preferGenericPlans } from './generic-plans.ts';
import { openPostgres } from './postgres.ts';

Deno.test({
  name: 'after preferGenericPlans a statement with an array is planned once, not at every call',
  // PGlite runs unnamed statements; plans are counted per named prepared statement on a server.
  ignore: !onPostgresServer,
  async fn() {
    await using t = await createTestDb();
    const db = openPostgres(t.url as string, { max: 1 }); // one connection: its statements seen
    try {
      type Plans = { generic_plans: number; custom_plans: number };
      const planned = (tx: Tx, tag: string) =>
        tx.query<Plans>`
          SELECT generic_plans, custom_plans FROM pg_prepared_statements
           WHERE statement LIKE ${`%/* ${tag} */%`} AND statement NOT LIKE '%pg_prepared%'`;
      // Eight calls and the count of their plans in one transaction: one connection throughout.
      const usual = await db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) {
          await tx.query`SELECT count(*) AS n FROM app_meta WHERE key = ANY (${[`k${i}`]}::text[]) /* usual */`;
        }
        return (await planned(tx, 'usual'))[0];
      });
      const generic = await db.transaction(async (tx) => {
        await preferGenericPlans(tx);
        for (let i = 0; i < 8; i++) {
          await tx.query`SELECT count(*) AS n FROM app_meta WHERE key = ANY (${[`k${i}`]}::text[]) /* generic */`;
        }
        return (await planned(tx, 'generic'))[0];
      });
      // Left to itself, PostgreSQL plans this statement at every call; told, once.
      assert.equal(usual?.custom_plans, 8, JSON.stringify(usual));
      assert.deepEqual(generic, { generic_plans: 8, custom_plans: 0 });
      const [mode] = await db.query<{ plan_cache_mode: string }>`SHOW plan_cache_mode`;
      assert.equal(mode?.plan_cache_mode, 'auto');
    } finally {
      await db.close();
    }
  },
});
