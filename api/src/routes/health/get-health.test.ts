import assert from 'node:assert/strict';
import type { Db } from '../../db/db.ts';
import { openPostgres } from '../../db/postgres.ts';
import { createTestApp } from '../../testing/app.ts';
import { createTestDb, onPostgresServer } from '../../testing/db.ts';
import { checkDatabase } from './get-health.ts';

/** A Db whose queries fail (or never answer), like a database that went away. */
function brokenDb(kind: Db['kind'], query: () => Promise<never>): Db {
  return {
    kind,
    query: query,
    transaction: query,
    listen: query,
    ping: query,
    close: () => Promise.resolve(),
  };
}

Deno.test('health answers 200 when the database answers, naming the engine', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/health');
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok', database: 'up', db: t.db.kind });
});

Deno.test('health answers 503 when the database has been closed', async () => {
  const testDb = await createTestDb();
  await testDb.db.close();
  try {
    await using t = await createTestApp({ db: testDb.db });
    const res = await t.app.request('/api/health');
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), {
      status: 'unavailable',
      database: 'down',
      db: testDb.db.kind,
      detail: 'Database unavailable',
      error: 'Database unavailable',
      code: 'database_unavailable',
    });
    assert.equal(t.logger.errors.length, 1);
  } finally {
    await testDb.close();
  }
});

Deno.test('health answers 503 without leaking the reason when a query throws', async () => {
  const db = brokenDb('postgres', () =>
    Promise.reject(new Error('password authentication failed')),
  );
  await using t = await createTestApp({ db });
  const res = await t.app.request('/api/health');
  assert.equal(res.status, 503);
  const text = await res.text();
  assert.doesNotMatch(text, /password/);
  assert.equal(JSON.parse(text).database, 'down');
  assert.match(t.logger.errors[0]?.message ?? '', /password authentication failed/);
});

Deno.test('the database check gives up after its timeout', async () => {
  let release = () => {};
  const db = brokenDb(
    'pglite',
    () =>
      new Promise<never>((_, reject) => {
        release = () => reject(new Error('released'));
      }),
  );
  const started = performance.now();
  await assert.rejects(() => checkDatabase(db, 50), { message: 'no answer within 50 ms' });
  assert.ok(performance.now() - started < 1000);
  release(); // settle the hanging query so the test leaks nothing
});

Deno.test('health names the instance that answers when API_INSTANCE_ID is set, up or down', async () => {
  {
    await using t = await createTestApp({ config: { instanceId: 'start-1234-1' } });
    const res = await t.app.request('/api/health');
    assert.equal(res.status, 200);
    assert.equal((await res.json()).instance, 'start-1234-1');
  }
  const db = brokenDb('postgres', () => Promise.reject(new Error('connect ECONNREFUSED')));
  await using t = await createTestApp({ db, config: { instanceId: 'start-1234-1' } });
  const res = await t.app.request('/api/health');
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('Retry-After'), '2');
  assert.equal((await res.json()).instance, 'start-1234-1');
});

// An on-sale fills every connection of the pool with a queue behind it; a health check waiting in
// that queue timed out and the load balancer took a working instance out (docs/speed.md).
Deno.test({
  name: 'health answers at once while every connection of the pool is busy',
  ignore: !onPostgresServer,
  async fn() {
    await using testDb = await createTestDb();
    const db = openPostgres(testDb.url as string, { max: 2 });
    try {
      const busy = [1, 2, 3].map(() => db.query`SELECT pg_sleep(2)`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      await checkDatabase(db, 1000);
      assert.ok(performance.now() - started < 1000);
      await Promise.all(busy);
    } finally {
      await db.close();
    }
  },
});
