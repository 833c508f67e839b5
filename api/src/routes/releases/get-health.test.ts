import assert from 'node:assert/strict';
import { createReleasesTestApp } from '../../testing/releases.ts';
import { sendHealth } from '../../testing/rollouts.ts';

const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-abcd1234';
const MINUTE = 60_000;

Deno.test('the health series gives each version’s error rate and p75 vitals per 10 minutes', async () => {
  await using t = await createReleasesTestApp({
    config: { accessTokenTtlSeconds: 24 * 3600 },
  });
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  await t.canary('user', CANARY, 50);
  // 10:00 on the test clock: a bucket start.
  const send = (version: string, ip: string, samples: Parameters<typeof sendHealth>[3]) =>
    sendHealth(t, 'user', version, samples, { ip });
  for (const ip of ['198.51.100.1', '198.51.100.2']) {
    assert.equal(
      (
        await send(STABLE, ip, [
          { kind: 'view' },
          { kind: 'view' },
          { kind: 'lcp', value: 1000 },
          { kind: 'lcp', value: 2000 },
        ])
      ).status,
      202,
    );
  }
  // One view with three errors counts as one view that went wrong.
  await send(CANARY, '198.51.100.3', [
    { kind: 'view' },
    { kind: 'error' },
    { kind: 'error' },
    { kind: 'error' },
    { kind: 'inp', value: 300 },
  ]);
  t.clock.advance(12 * MINUTE);
  await send(STABLE, '198.51.100.1', [{ kind: 'view' }, { kind: 'cls', value: 0.1 }]);
  await t.settled();

  const res = await t.get('/api/releases/user/health/?hours=1', { token: t.admin });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    remote: 'user',
    bucket_minutes: 10,
    points: [
      {
        at: '2026-03-01T10:00:00.000Z',
        version: STABLE,
        views: 4,
        errors: 0,
        error_rate: 0,
        lcp_p75: 2000,
        inp_p75: null,
        cls_p75: null,
      },
      {
        at: '2026-03-01T10:00:00.000Z',
        version: CANARY,
        views: 1,
        errors: 1,
        error_rate: 1,
        lcp_p75: null,
        inp_p75: 300,
        cls_p75: null,
      },
      {
        at: '2026-03-01T10:10:00.000Z',
        version: STABLE,
        views: 1,
        errors: 0,
        error_rate: 0,
        lcp_p75: null,
        inp_p75: null,
        cls_p75: 0.1,
      },
    ],
  });
  // Beyond a day the buckets are hours; older samples fall out of a shorter window.
  const week = await (
    await t.get('/api/releases/user/health/?hours=48', { token: t.admin })
  ).json();
  assert.equal(week.bucket_minutes, 60);
  assert.deepEqual(
    week.points.map((p: { at: string; views: number }) => [p.at, p.views]),
    [
      ['2026-03-01T10:00:00.000Z', 5],
      ['2026-03-01T10:00:00.000Z', 1],
    ],
  );
  t.clock.advance(60 * MINUTE);
  const later = await (await t.get('/api/releases/user/health/', { token: t.admin })).json();
  assert.equal(later.points.length, 3);
  const recent = await (
    await t.get('/api/releases/user/health/?hours=1', { token: t.admin })
  ).json();
  assert.equal(recent.points.length, 1);
});

Deno.test('the health series is for admins, of a known remote, over 1 to 168 hours', async () => {
  await using t = await createReleasesTestApp();
  for (const hours of ['0', '169', 'x', '1.5', '-1']) {
    const res = await t.get(`/api/releases/user/health/?hours=${hours}`, { token: t.admin });
    assert.equal(res.status, 400, hours);
    assert.equal((await res.json()).detail, 'Hours must be a whole number from 1 to 168.');
  }
  assert.equal((await t.get('/api/releases/billing/health/', { token: t.admin })).status, 404);
  assert.equal((await t.get('/api/releases/user/health/')).status, 401);
  const empty = await (await t.get('/api/releases/user/health/', { token: t.admin })).json();
  assert.deepEqual(empty, { remote: 'user', bucket_minutes: 10, points: [] });
});
