// The Db contract, run on whichever engine the tests use (PGlite, or the server at DATABASE_URL).
import assert from 'node:assert/strict';
import { createTestDb, onPostgresServer, secondPool } from '../testing/db.ts';
import { ENDED_TRANSACTION } from './db.ts';
import { isFailedCondition } from './errors.ts';
import { toNumberedSql } from './pglite.ts';
import { openPostgres } from './postgres.ts';

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

Deno.test('tx.commit() commits what was sent before it, and nothing may be sent after it', async () => {
  await using t = await createTestDb();
  const result = await t.db.transaction(async (tx) => {
    const inserted = tx.query`INSERT INTO app_meta (key, value) VALUES ('early', '1')`;
    const committed = tx.commit();
    await Promise.all([inserted, committed]);
    await assert.rejects(() => tx.query`SELECT 1`, { message: ENDED_TRANSACTION });
    return 'done';
  });
  assert.equal(result, 'done');
  assert.deepEqual(await t.db.query`SELECT value FROM app_meta WHERE key = 'early'`, [
    { value: '1' },
  ]);
});

Deno.test('a statement that fails before tx.commit() rolls the whole transaction back', async () => {
  await using t = await createTestDb();
  const errorsBefore = t.db.stats?.().statementErrors;
  await assert.rejects(
    () =>
      t.db.transaction(async (tx) => {
        const inserted = tx.query`INSERT INTO app_meta (key, value) VALUES ('doomed', '1')`;
        const failed = tx.query`SELECT fail_unless(1 = 2, 'not so')`;
        const committed = tx.commit();
        const [insert, failure, commit] = await Promise.allSettled([inserted, failed, committed]);
        assert.equal(insert.status, 'fulfilled');
        // The failed statement's error, and the commit says the same.
        for (const settled of [failure, commit]) {
          assert.ok(settled.status === 'rejected' && isFailedCondition(settled.reason, 'not so'));
        }
        await failed;
      }),
    (error: unknown) => isFailedCondition(error, 'not so'),
  );
  assert.deepEqual(await t.db.query`SELECT value FROM app_meta WHERE key = 'doomed'`, []);
  // A condition found false is an answer, not a failure: the operator's error count is unmoved.
  assert.equal(t.db.stats?.().statementErrors, errorsBefore);
});

Deno.test({
  name: 'tx.commit() frees the rows it locked before the callback has their answers',
  // PGlite is one connection: nobody else could take the row meanwhile.
  ignore: !onPostgresServer,
  fn: async () => {
    await using t = await createTestDb();
    await t.db.query`INSERT INTO app_meta (key, value) VALUES ('row', '1')`;
    const other = openPostgres(t.url as string, { max: 1 });
    try {
      await t.db.transaction(async (tx) => {
        const locked = tx.query`SELECT key FROM app_meta WHERE key = 'row' FOR UPDATE`;
        const committed = tx.commit();
        await Promise.all([locked, committed]);
        // Still inside the callback: another connection takes the row without waiting.
        const [row] = await other.query<{ key: string }>`
          SELECT key FROM app_meta WHERE key = 'row' FOR UPDATE NOWAIT`;
        assert.equal(row?.key, 'row');
      });
    } finally {
      await other.close();
    }
  },
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

/** Resolves when `got` has `n` entries, or rejects after `ms`. */
async function waitFor(got: unknown[], n: number, ms = 2000) {
  const deadline = performance.now() + ms;
  while (got.length < n) {
    if (performance.now() > deadline) throw new Error(`only ${got.length} of ${n} arrived`);
    await delay(5);
  }
}

Deno.test('listen hears each NOTIFY at commit, in order, never a rolled-back one', async () => {
  await using t = await createTestDb();
  const got: string[] = [];
  const other: string[] = [];
  const listening = await t.db.listen('test_channel', (p) => got.push(p));
  const elsewhere = await t.db.listen('other_channel', (p) => other.push(p));
  await t.db.transaction(async (tx) => {
    await tx.query`SELECT pg_notify('test_channel', 'one')`;
    await tx.query`SELECT pg_notify('test_channel', 'two')`;
    await delay(50);
    assert.deepEqual(got, []); // not before the commit
  });
  await assert.rejects(() =>
    t.db.transaction(async (tx) => {
      await tx.query`SELECT pg_notify('test_channel', 'rolled back')`;
      throw new Error('no');
    }),
  );
  await t.db.query`SELECT pg_notify('test_channel', 'three')`;
  await waitFor(got, 3);
  assert.deepEqual(got, ['one', 'two', 'three']);
  assert.deepEqual(other, []);

  await listening.unlisten();
  await listening.unlisten();
  await t.db.query`SELECT pg_notify('test_channel', 'four'), pg_notify('other_channel', 'x')`;
  await waitFor(other, 1);
  assert.deepEqual(got, ['one', 'two', 'three']);
  await elsewhere.unlisten();
});

Deno.test('several listens of one channel each hear it', async () => {
  await using t = await createTestDb();
  const a: string[] = [];
  const b: string[] = [];
  const [la, lb] = await Promise.all([
    t.db.listen('shared_channel', (p) => a.push(p)),
    t.db.listen('shared_channel', (p) => b.push(p)),
  ]);
  await t.db.query`SELECT pg_notify('shared_channel', 'hi')`;
  await waitFor(a, 1);
  await waitFor(b, 1);
  await la.unlisten();
  await t.db.query`SELECT pg_notify('shared_channel', 'again')`;
  await waitFor(b, 2);
  assert.deepEqual([a, b], [['hi'], ['hi', 'again']]);
  await lb.unlisten();
});

Deno.test({
  name: 'on a server, listening takes one connection of its own, back after it is lost',
  ignore: !onPostgresServer,
  async fn() {
    await using t = await createTestDb();
    const got: string[] = [];
    let reconnects = 0;
    const listening = await Promise.all([
      t.db.listen(
        'ch_a',
        (p) => got.push(p),
        () => reconnects++,
      ),
      t.db.listen('ch_b', (p) => got.push(p)),
    ]);
    const listeners = () =>
      t.db.query<{ pid: number }>`
        SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'cinema-api-listen'`;
    assert.equal((await listeners()).length, 1);

    await t.db.query`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                      WHERE datname = current_database()
                        AND application_name = 'cinema-api-listen'`;
    const deadline = performance.now() + 5000;
    while (reconnects === 0 && performance.now() < deadline) await delay(20);
    assert.equal(reconnects, 1);
    await t.db.query`SELECT pg_notify('ch_a', 'a'), pg_notify('ch_b', 'b')`;
    await waitFor(got, 2);
    assert.deepEqual(got, ['a', 'b']);
    assert.equal((await listeners()).length, 1);

    for (const l of listening) await l.unlisten();
    await t.db.close();
    const fresh = secondPool(t);
    try {
      assert.deepEqual(
        await fresh.db.query`SELECT pid FROM pg_stat_activity
                              WHERE application_name = 'cinema-api-listen'
                                AND datname = current_database()`,
        [],
      );
    } finally {
      await fresh.close();
    }
  },
});

Deno.test('a statement that fails after some of its rows leaves the next one’s rows whole', async () => {
  await using t = await createTestDb();
  // One connection, so the next statement runs where the failed one did (postgres.js 3.4.9
  // answered it with empty slots before its rows: patches/postgres+3.4.9.patch).
  const db = t.url ? openPostgres(t.url, { max: 1 }) : t.db;
  try {
    await assert.rejects(
      db.query`SELECT i, 1 / (3 - i) AS boom FROM generate_series(1, 5) i`,
      /division by zero/,
    );
    assert.deepEqual(await db.query`SELECT x FROM generate_series(1, 2) x`, [{ x: 1 }, { x: 2 }]);
  } finally {
    if (db !== t.db) await db.close();
  }
});
