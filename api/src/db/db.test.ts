// The Db contract, run on whichever engine the tests use (PGlite, or the server at DATABASE_URL).
import assert from 'node:assert/strict';
import { createTestDb } from '../testing/db.ts';
import { toNumberedSql } from './pglite.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test('template values become numbered bind parameters', () => {
  const sql = (strings: TemplateStringsArray, ..._: unknown[]) => toNumberedSql(strings);
  assert.equal(sql`select ${1}, ${'a'} where x = ${null}`, 'select $1, $2 where x = $3');
  assert.equal(sql`select 1`, 'select 1');
});

Deno.test('values are sent as parameters, never spliced into the SQL', async () => {
  await using t = await createTestDb();
  const evil = "'); DROP TABLE app_meta; --";
  const dollars = '$1 and $$x$$';
  await t.db.query`INSERT INTO app_meta (key, value) VALUES (${evil}, ${dollars})`;
  const rows = await t.db.query<{ key: string; value: string }>`
    SELECT key, value FROM app_meta WHERE key = ${evil}`;
  assert.deepEqual(rows, [{ key: evil, value: dollars }]);
});

Deno.test('both engines return the same JS types for counts, numerics, dates and json', async () => {
  await using t = await createTestDb();
  const [row] = await t.db.query`
    SELECT count(*) AS n,
           sum(x)::numeric AS total,
           2.5::numeric AS price,
           9007199254740993::int8 AS huge,
           '2025-03-01'::date AS day,
           '2025-03-01T10:00:00Z'::timestamptz AS at,
           '18:30'::time AS starts,
           ${JSON.stringify({ seats: [1, 2] })}::jsonb AS doc,
           ${{ seats: [3] }}::jsonb AS doc2,
           ${['a', 'b']}::text[] AS list,
           true AS flag,
           NULL::text AS nothing
      FROM (VALUES (1::int8), (2::int8)) AS v(x)`;
  assert.deepEqual(row, {
    n: 2,
    total: 3,
    price: 2.5,
    huge: 9007199254740993n,
    day: new Date('2025-03-01T00:00:00Z'),
    at: new Date('2025-03-01T10:00:00Z'),
    starts: '18:30:00',
    doc: { seats: [1, 2] },
    doc2: { seats: [3] },
    list: ['a', 'b'],
    flag: true,
    nothing: null,
  });
});

Deno.test('undefined parameters are refused; null is SQL NULL', async () => {
  await using t = await createTestDb();
  await assert.rejects(() => t.db.query`SELECT ${undefined} AS x`, {
    name: 'TypeError',
    message: 'SQL parameter $1 is undefined; pass null for SQL NULL.',
  });
  assert.deepEqual(await t.db.query`SELECT ${null}::text AS x`, [{ x: null }]);
});

Deno.test('a transaction commits when its callback resolves and rolls back when it throws', async () => {
  await using t = await createTestDb();
  const result = await t.db.transaction(async (tx) => {
    await tx.query`INSERT INTO app_meta (key, value) VALUES ('kept', '1')`;
    return 'done';
  });
  assert.equal(result, 'done');
  await assert.rejects(
    () =>
      t.db.transaction(async (tx) => {
        await tx.query`INSERT INTO app_meta (key, value) VALUES ('lost', '1')`;
        throw new Error('boom');
      }),
    { message: 'boom' },
  );
  const keys = await t.db.query<{ key: string }>`
    SELECT key FROM app_meta WHERE key IN ('kept', 'lost') ORDER BY key`;
  assert.deepEqual(keys, [{ key: 'kept' }]);
});

Deno.test('a query from elsewhere never runs inside another request’s open transaction', async () => {
  await using t = await createTestDb();
  let inside!: () => void;
  const started = new Promise<void>((resolve) => {
    inside = resolve;
  });
  const failing = t.db.transaction(async (tx) => {
    await tx.query`INSERT INTO app_meta (key, value) VALUES ('in-tx', '1')`;
    inside();
    await delay(50);
    throw new Error('rolled back');
  });
  await started;
  // Issued while the transaction is open: on PGlite (one connection) it must wait, not join it.
  const outside = t.db.query`INSERT INTO app_meta (key, value) VALUES ('outside', '1')`;
  await assert.rejects(failing, { message: 'rolled back' });
  await outside;
  const keys = await t.db.query<{ key: string }>`
    SELECT key FROM app_meta WHERE key IN ('in-tx', 'outside')`;
  assert.deepEqual(keys, [{ key: 'outside' }]);
});

Deno.test('concurrent transactions each see their own writes and all commit', async () => {
  await using t = await createTestDb();
  await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      t.db.transaction(async (tx) => {
        await tx.query`INSERT INTO app_meta (key, value) VALUES (${`k${i}`}, '0')`;
        await delay(5);
        await tx.query`UPDATE app_meta SET value = ${String(i)} WHERE key = ${`k${i}`}`;
      }),
    ),
  );
  const rows = await t.db.query<{ n: number }>`
    SELECT count(*) AS n FROM app_meta WHERE key LIKE 'k%' AND value = substr(key, 2)`;
  assert.deepEqual(rows, [{ n: 5 }]);
});

Deno.test('using the outer db inside its own transaction is refused instead of hanging', async () => {
  await using t = await createTestDb();
  await assert.rejects(
    () => t.db.transaction(() => t.db.query`SELECT 1`),
    /Inside db.transaction\(\), query through its `tx`/,
  );
  await assert.rejects(
    () => t.db.transaction(() => t.db.transaction(async () => {})),
    /Inside db.transaction\(\)/,
  );
  assert.deepEqual(await t.db.query`SELECT 1 AS one`, [{ one: 1 }]);
});

Deno.test('a closed database rejects queries and closing twice is harmless', async () => {
  const t = await createTestDb();
  await t.db.close();
  await t.db.close();
  await assert.rejects(() => t.db.query`SELECT 1`);
  await t.close();
});
