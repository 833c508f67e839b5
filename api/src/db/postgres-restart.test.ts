// A backend that dies under the API (pg_terminate_backend, as in a server restart or a failover)
// must cost the requests in flight a catchable error, never the process: postgres.js 3.4.9 threw
// from a setImmediate after its socket was gone (patches/postgres+3.4.9.patch, decision 0022).
// Needs a PostgreSQL server: DATABASE_URL (as for the rest of the suite on a server).
import assert from 'node:assert/strict';
import postgres from 'postgres';
import { createTestDb, TEST_DATABASE_URL } from '../testing/db.ts';
import { isConnectionLoss, sqlState } from './errors.ts';
import { openPostgres } from './postgres.ts';

const ignore = TEST_DATABASE_URL === null;

Deno.test({
  name: 'a reserved connection whose backend was terminated rejects its queries, the process lives on',
  ignore,
  async fn() {
    await using test = await createTestDb({ migrated: false });
    const url = test.url as string;
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const killer = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved`SELECT pg_backend_pid() AS pid`;
      await killer`SELECT pg_terminate_backend(${row?.pid})`;
      // Unpatched, the second of these threw "Cannot read properties of null (reading 'write')"
      // from a timer: an uncaught error that ended the process (porsager/postgres#1208).
      for (let i = 0; i < 3; i++) {
        const error = await reserved`SELECT 1`.then(
          () => null,
          (e: unknown) => e,
        );
        assert.ok(isConnectionLoss(error), `query ${i + 1} failed with ${String(error)}`);
      }
      reserved.release();
      // The pool opens a new connection for the next query.
      const [one] = await sql`SELECT 1 AS one`;
      assert.equal(one?.one, 1);
    } finally {
      await Promise.all([sql.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
    }
  },
});

Deno.test({
  name: 'every backend of the pool killed mid-query: the queries fail as a lost connection, the next ones work',
  ignore,
  async fn() {
    await using test = await createTestDb({ migrated: false });
    const url = test.url as string;
    const db = openPostgres(url, { max: 4, applicationName: 'restart-test' });
    const killer = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await db.query`SELECT 1`;
      // Four slow queries and a transaction in flight, then every backend of the pool is killed.
      const slow = [1, 2, 3].map(() =>
        db.query`SELECT pg_sleep(5)`.then(
          () => null,
          (e: unknown) => e,
        ),
      );
      const tx = db
        .transaction(async (t) => {
          await t.query`SELECT 1`;
          await t.query`SELECT pg_sleep(5)`;
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        const [busy] = await killer<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = 'restart-test' AND query LIKE '%pg_sleep%'`;
        if ((busy?.n ?? 0) >= 4) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const started = performance.now();
      await killer`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'restart-test'`;
      const errors = await Promise.all([...slow, tx]);
      const elapsed = performance.now() - started;
      for (const error of errors) {
        assert.ok(isConnectionLoss(error), `expected a lost connection, got ${String(error)}`);
      }
      assert.ok(elapsed < 2000, `the failures took ${Math.round(elapsed)} ms`);
      // And the pool serves again, at once.
      const rows = await Promise.all([1, 2, 3, 4, 5, 6].map(() => db.query`SELECT 1 AS one`));
      assert.equal(rows.length, 6);
      const [row] = await db.transaction((t) => t.query<{ one: number }>`SELECT 1 AS one`);
      assert.equal(row?.one, 1);
    } finally {
      await Promise.all([db.close(), killer.end({ timeout: 1 })]);
    }
  },
});

Deno.test({
  name: 'a pool whose connections found a read-only server is renewed: writes succeed again once the server takes them',
  ignore,
  async fn() {
    await using test = await createTestDb({ migrated: false });
    const url = test.url as string;
    const name = new URL(url).pathname.slice(1);
    const db = openPostgres(url, { max: 2, applicationName: 'read-only-test' });
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await db.query`CREATE TABLE writes (x integer)`;
      // Every new session of this database is read-only from now on (as on a hot standby), and
      // the pool's connections are replaced by such sessions.
      await admin.unsafe(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                   WHERE application_name = 'read-only-test'`;
      let error: unknown = null;
      for (let i = 0; i < 20 && sqlState(error) !== '25006'; i++) {
        error = await db.query`INSERT INTO writes VALUES (1)`.then(
          () => null,
          (e: unknown) => e,
        );
      }
      assert.equal(sqlState(error), '25006');
      assert.ok(isConnectionLoss(error), 'a read-only server is answered as unavailable (503)');

      // The server takes writes again (a new primary): the pool must not keep its read-only
      // sessions. Within a few seconds a write goes through.
      await admin.unsafe(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
      const deadline = Date.now() + 5000;
      let written = false;
      while (!written && Date.now() < deadline) {
        written = await db.query`INSERT INTO writes VALUES (2)`.then(
          () => true,
          () => false,
        );
        if (!written) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(written, 'the pool kept its read-only sessions');
    } finally {
      await Promise.all([db.close(), admin.end({ timeout: 1 })]);
    }
  },
});

Deno.test({
  name: 'a transaction whose backend dies with statements still waiting to be sent fails at once',
  ignore,
  async fn() {
    await using test = await createTestDb({ migrated: false });
    const url = test.url as string;
    const db = openPostgres(url, { max: 2 });
    const killer = postgres(url, { max: 1, onnotice: () => {} });
    try {
      // More statements than postgres.js pipelines at once (100): the rest wait in the
      // transaction's own queue, which nothing settles once the backend dies
      // (porsager/postgres#1186). The transaction (a request) must fail at once all the same.
      const tx = db.transaction(async (t) => {
        const [me] = await t.query<{ pid: number }>`SELECT pg_backend_pid() AS pid`;
        const slow = t.query`SELECT pg_sleep(${2})`;
        const rest = Array.from({ length: 150 }, (_, i) => t.query`SELECT ${i}::int AS n`);
        await killer`SELECT pg_terminate_backend(${me?.pid ?? 0})`;
        await Promise.all([slow, ...rest]);
      });
      const outcome = await Promise.race([
        tx.then(
          () => 'committed',
          (error: unknown) => (isConnectionLoss(error) ? 'lost' : String(error)),
        ),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
      ]);
      assert.equal(outcome, 'lost');
    } finally {
      await killer.end();
      await db.close();
    }
  },
});
