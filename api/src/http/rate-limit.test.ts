import assert from 'node:assert/strict';
import { openPostgres } from '../db/postgres.ts';
import { createTestApp } from '../testing/app.ts';
import { createTestDb, onPostgresServer } from '../testing/db.ts';
import {
  consume,
  forget,
  type Limit,
  networkLimits,
  networksOf,
  resetLimit,
  throwIfBlocked,
} from './rate-limit.ts';

const limit = (key: string, max = 3, windowSeconds = 60): Limit => ({
  key,
  max,
  windowSeconds,
  message: 'Slow down, try again in {minutes}.',
});

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

Deno.test('a limit allows max events per sliding window and says when the next one is allowed', async () => {
  await using t = await createTestDb();
  const l = limit('k');
  for (const s of [0, 10, 20]) assert.equal((await consume(t.db, [l], at(s))).blocked, null);
  const blocked = await consume(t.db, [l], at(30));
  assert.deepEqual(blocked, { blocked: { limit: l, retryAfterSeconds: 30 }, eventIds: [] });
  // The event at 0 s leaves the window at 60 s.
  assert.notEqual((await consume(t.db, [l], at(59))).blocked, null);
  assert.equal((await consume(t.db, [l], at(60))).blocked, null);
  assert.notEqual((await consume(t.db, [l], at(61))).blocked, null);
  const rows = await t.db.query<{ n: number }>`SELECT count(*) AS n FROM rate_limit_events`;
  assert.deepEqual(rows, [{ n: 4 }]);
});

Deno.test('when one limit is exhausted nothing is counted on the others', async () => {
  await using t = await createTestDb();
  const small = limit('small', 1);
  const big = limit('big', 10);
  assert.equal((await consume(t.db, [small, big], at(0))).blocked, null);
  const result = await consume(t.db, [big, small], at(1));
  assert.equal(result.blocked?.limit, small);
  const rows = await t.db.query<{ key: string; n: number }>`
    SELECT key, count(*) AS n FROM rate_limit_events GROUP BY key ORDER BY key`;
  assert.deepEqual(rows, [
    { key: 'big', n: 1 },
    { key: 'small', n: 1 },
  ]);
});

Deno.test('forget un-counts one event and resetLimit clears a key', async () => {
  await using t = await createTestDb();
  const l = limit('k', 2);
  const first = await consume(t.db, [l, limit('other')], at(0));
  await consume(t.db, [l], at(1));
  await forget(t.db, first.eventIds);
  assert.equal((await consume(t.db, [l], at(2))).blocked, null);
  await resetLimit(t.db, 'k');
  const rows = await t.db.query<{ key: string }>`SELECT key FROM rate_limit_events`;
  assert.deepEqual(rows, []);
});

Deno.test('events older than a day are deleted', async () => {
  await using t = await createTestDb();
  await consume(t.db, [limit('old')], at(0));
  await consume(t.db, [limit('new')], new Date(at(0).getTime() + 25 * 60 * 60 * 1000));
  const rows = await t.db.query<{ key: string }>`SELECT key FROM rate_limit_events`;
  assert.deepEqual(rows, [{ key: 'new' }]);
});

Deno.test('a blocked result becomes a 429 with Retry-After and the wait in minutes', async () => {
  await using t = await createTestApp();
  t.app.get('/api/test/limited', () => {
    throwIfBlocked({ blocked: { limit: limit('k'), retryAfterSeconds: 61 }, eventIds: [] });
    return new Response('not reached');
  });
  const res = await t.app.request('/api/test/limited');
  assert.equal(res.status, 429);
  assert.equal(res.headers.get('Retry-After'), '61');
  assert.equal((await res.json()).detail, 'Slow down, try again in 2 minutes.');
});

Deno.test({
  name: 'two API instances hitting one limit at once never let more than max through',
  // PGlite is one in-process connection: nothing runs concurrently there.
  ignore: !onPostgresServer,
  fn: async () => {
    await using t = await createTestDb();
    const other = openPostgres(t.url as string, { max: 4 });
    try {
      const l = limit('burst', 5);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => consume(i % 2 ? t.db : other, [l], at(0))),
      );
      assert.equal(results.filter((r) => r.blocked === null).length, 5);
    } finally {
      await other.close();
    }
  },
});

Deno.test('networkLimits count an IPv4 address, or an IPv6 /64 and its /48', () => {
  const limit = { max: 5, wideMax: 20, windowSeconds: 60, message: 'm' };
  assert.deepEqual(networksOf('198.51.100.7:40000'), { network: '198.51.100.7', wide: null });
  assert.deepEqual(
    networkLimits('x', '198.51.100.7', limit).map((l) => [l.key, l.max]),
    [['x:net:198.51.100.7', 5]],
  );
  assert.deepEqual(
    networkLimits('x', '2001:db8:77:1::2', limit).map((l) => [l.key, l.max]),
    [
      ['x:net:2001:db8:77:1:0:0:0:0/64', 5],
      ['x:net48:2001:db8:77:0:0:0:0:0/48', 20],
    ],
  );
  assert.deepEqual(
    networkLimits('x', '2001:db8:77:1::2', limit),
    networkLimits('x', '[2001:db8:77:1:ff::9]:443', limit),
  );
});
