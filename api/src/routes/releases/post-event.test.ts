import assert from 'node:assert/strict';
import { createReleasesTestApp, type ReleasesTestApp } from '../../testing/releases.ts';
import { AUTO_ROLLBACK_MIN_LOADS, EVENTS_PER_MINUTE } from './rules.ts';

async function withCanary(t: ReleasesTestApp) {
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-abcd1234');
  await t.canary('user', '1.1.0-abcd1234', 20);
}

const events = (t: ReleasesTestApp) =>
  t.db.query<{ outcome: string; detail: string | null }>`
    SELECT outcome, detail FROM release_events ORDER BY id`;

Deno.test('a browser reports how a release fared, without signing in (202)', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const res = await t.post('/api/releases/events/', {
    remote: 'user',
    version: '1.1.0-abcd1234',
    outcome: 'render_failed',
    detail: `TypeError: x is undefined ${'!'.repeat(900)}`,
  });
  assert.equal(res.status, 202);
  assert.deepEqual(await res.json(), { recorded: true, rolled_back: false });
  const loaded = await t.post('/api/releases/events', {
    remote: 'user',
    version: '1.0.0-aaaaaaaa',
    outcome: 'loaded',
  });
  assert.equal(loaded.status, 202);
  const rows = await events(t);
  assert.deepEqual(
    rows.map((row) => row.outcome),
    ['render_failed', 'loaded'],
  );
  // Long details are cut, not refused.
  assert.equal(rows[0]?.detail?.length, 500);
  assert.equal(rows[1]?.detail, null);
});

Deno.test('a report about an unknown remote or version is a 404; a malformed one a 400', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const cases: [unknown, number, string][] = [
    [{ remote: 'billing', version: '1.0.0', outcome: 'loaded' }, 404, 'Unknown remote.'],
    [
      { remote: 'user', version: '9.9.9-ffffffff', outcome: 'loaded' },
      404,
      'Unknown version 9.9.9-ffffffff for user.',
    ],
    [
      { remote: 'user', version: '1.1.0-abcd1234', outcome: 'exploded' },
      400,
      'Outcome must be loaded, load_failed or render_failed.',
    ],
    [{ remote: 'user', outcome: 'loaded' }, 400, 'Version is required.'],
    [{ version: '1.1.0-abcd1234', outcome: 'loaded' }, 400, 'Remote is required.'],
  ];
  for (const [payload, status, detail] of cases) {
    const res = await t.post('/api/releases/events/', payload);
    assert.equal(res.status, status, JSON.stringify(payload));
    assert.equal((await res.json()).detail, detail);
  }
  assert.deepEqual(await events(t), []);
});

Deno.test('a canary failing half its recent loads is rolled back automatically, with the reason shown', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  await t.report('user', '1.1.0-abcd1234', 'loaded', 6);
  await t.report('user', '1.1.0-abcd1234', 'load_failed', 3);
  // 9 loads, 3 failed: under half, still a canary.
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-abcd1234');
  // A canary that loads and then throws on its first render is reported as loaded, then as
  // render_failed: a failure of a load already counted (4 of 9).
  const res = await t.report('user', '1.1.0-abcd1234', 'render_failed');
  assert.deepEqual(await res.json(), { recorded: true, rolled_back: false });
  const tipping = await t.report('user', '1.1.0-abcd1234', 'load_failed');
  assert.deepEqual(await tipping.json(), { recorded: true, rolled_back: true });

  const reason = 'Automatic rollback: 5 of 10 recent loads of 1.1.0-abcd1234 failed.';
  assert.equal((await t.manifest()).remotes.user.canary, null);
  assert.equal((await t.manifest()).remotes.user.stable?.version, '1.0.0-aaaaaaaa');
  const status = await (await t.get('/api/releases/', { token: t.admin })).json();
  assert.equal(status.remotes.user.canary, null);
  assert.equal(status.remotes.user.rolled_back_reason, reason);
  assert.equal(
    status.remotes.user.rolled_back_at,
    new Date(t.clock().getTime() - 1000).toISOString(),
  );
  const last = (await t.audit()).at(-1);
  assert.deepEqual(last, {
    actor_id: null,
    action: 'auto_rollback',
    remote: 'user',
    before: {
      stable: '1.0.0-aaaaaaaa',
      previous_stable: null,
      canary: '1.1.0-abcd1234',
      canary_percent: 20,
    },
    after: {
      stable: '1.0.0-aaaaaaaa',
      previous_stable: null,
      canary: null,
      canary_percent: 0,
      reason,
      loads: 10,
      failures: 5,
    },
    created_at: new Date(t.clock().getTime() - 1000),
  });
  // Later reports about it are still recorded, and change nothing.
  const after = await t.report('user', '1.1.0-abcd1234', 'load_failed');
  assert.deepEqual(await after.json(), { recorded: true, rolled_back: false });
  assert.equal((await t.audit()).filter((row) => row.action === 'auto_rollback').length, 1);
});

Deno.test(`a canary is not rolled back before ${AUTO_ROLLBACK_MIN_LOADS} loads, however they went`, async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const early = await t.report(
    'user',
    '1.1.0-abcd1234',
    'load_failed',
    AUTO_ROLLBACK_MIN_LOADS - 1,
  );
  assert.deepEqual(await early.json(), { recorded: true, rolled_back: false });
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-abcd1234');
  const fifth = await t.report('user', '1.1.0-abcd1234', 'load_failed');
  assert.deepEqual(await fifth.json(), { recorded: true, rolled_back: true });
  assert.equal(
    (await (await t.get('/api/releases/', { token: t.admin })).json()).remotes.user
      .rolled_back_reason,
    'Automatic rollback: 5 of 5 recent loads of 1.1.0-abcd1234 failed.',
  );
});

Deno.test('successful loads keep a canary that fails now and then', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  for (let round = 0; round < 5; round++) {
    await t.report('user', '1.1.0-abcd1234', 'loaded', 3);
    await t.report('user', '1.1.0-abcd1234', 'load_failed', 2);
  }
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-abcd1234');
  assert.deepEqual(
    (await t.audit()).filter((row) => row.action === 'auto_rollback'),
    [],
  );
});

Deno.test("only the canary's own recent loads count: not the stable's, not those from before it became canary", async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  // The stable release failing is reported but never rolled back.
  await t.report('user', '1.0.0-aaaaaaaa', 'load_failed', 6);
  assert.equal((await t.manifest()).remotes.user.stable?.version, '1.0.0-aaaaaaaa');
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-abcd1234');

  await t.report('user', '1.1.0-abcd1234', 'load_failed', 5);
  assert.equal((await t.manifest()).remotes.user.canary, null);
  // Tried again later, it starts from a clean slate.
  await t.canary('user', '1.1.0-abcd1234', 5);
  const res = await t.report('user', '1.1.0-abcd1234', 'load_failed');
  assert.deepEqual(await res.json(), { recorded: true, rolled_back: false });
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-abcd1234');
  // The window is the last 20 loads: 20 good ones bury old failures.
  await t.report('user', '1.1.0-abcd1234', 'loaded', 20);
  await t.report('user', '1.1.0-abcd1234', 'load_failed', 9);
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-abcd1234');
  await t.report('user', '1.1.0-abcd1234', 'load_failed');
  assert.equal((await t.manifest()).remotes.user.canary, null);
});

Deno.test(`reports are limited to ${EVENTS_PER_MINUTE} a minute per client IP (429)`, async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const body = { remote: 'user', version: '1.0.0-aaaaaaaa', outcome: 'loaded' };
  for (let i = 0; i < EVENTS_PER_MINUTE; i++) {
    const res = await t.post('/api/releases/events/', body, { ip: '203.0.113.7' });
    assert.equal(res.status, 202);
    await res.body?.cancel();
  }
  const limited = await t.post('/api/releases/events/', body, { ip: '203.0.113.7' });
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('Retry-After'), '60');
  assert.deepEqual(await limited.json(), {
    detail: 'Too many release events. Please try again in 1 minute.',
    error: 'Too many release events. Please try again in 1 minute.',
    code: 'too_many_requests',
  });
  // Other browsers are not affected, and the limit lifts after a minute.
  const other = await t.post('/api/releases/events/', body, { ip: '203.0.113.8' });
  assert.equal(other.status, 202);
  t.clock.advance(60_000);
  const later = await t.post('/api/releases/events/', body, { ip: '203.0.113.7' });
  assert.equal(later.status, 202);
  const [row] = await t.db.query<{ n: number }>`SELECT count(*)::int AS n FROM release_events`;
  assert.equal(row?.n, EVENTS_PER_MINUTE + 2);
});
