import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf, reporterIp } from '../../testing/releases.ts';
import {
  CANARY,
  healthy,
  LONG_TOKENS,
  MINUTE,
  STABLE,
  traffic,
  withPlan,
} from '../../testing/rollouts.ts';

Deno.test('the status shows every remote: stable, previous, canary, how each version fared, and the audit log', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb', { make_stable: true });
  await t.publish('user', '1.2.0-cccccccc');
  await t.canary('user', '1.2.0-cccccccc', 15);
  // Three browsers: one loads it three times, one loads it and then it throws, one loads it.
  await t.report('user', '1.2.0-cccccccc', 'loaded', 3, { ip: reporterIp(0) });
  await t.report('user', '1.2.0-cccccccc', 'loaded', 1, { ip: reporterIp(1) });
  await t.report('user', '1.2.0-cccccccc', 'render_failed', 1, { ip: reporterIp(1) });
  await t.report('user', '1.2.0-cccccccc', 'loaded', 1, { ip: reporterIp(2) });
  await t.report('user', '1.1.0-bbbbbbbb', 'load_failed', 2);

  const res = await t.get('/api/releases/', { token: t.admin });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body.remotes), ['auth', 'user', 'owner', 'admin']);
  assert.deepEqual(body.remotes.auth, {
    remote: 'auth',
    stable: null,
    previous_stable: null,
    canary: null,
    rolled_back_reason: null,
    rolled_back_at: null,
    updated_at: null,
    // No plan yet; health over the last hour, of no version.
    rollout: null,
    health: {
      since: new Date(t.clock().getTime() - 3600_000).toISOString(),
      stable: null,
      canary: null,
    },
  });
  const user = body.remotes.user;
  assert.equal(user.stable.version, '1.1.0-bbbbbbbb');
  assert.equal(user.stable.entry, entryOf('user', '1.1.0-bbbbbbbb'));
  assert.deepEqual(user.stable.events, {
    recent: { reporters: 1, failed: 1, reports: 2 },
    all: { reporters: 1, failed: 1, reports: 2 },
  });
  assert.equal(user.previous_stable.version, '1.0.0-aaaaaaaa');
  assert.deepEqual(user.previous_stable.events, {
    recent: { reporters: 0, failed: 0, reports: 0 },
    all: { reporters: 0, failed: 0, reports: 0 },
  });
  assert.equal(user.canary.version, '1.2.0-cccccccc');
  assert.equal(user.canary.percent, 15);
  assert.deepEqual(user.canary.events, {
    recent: { reporters: 3, failed: 1, reports: 6 },
    all: { reporters: 3, failed: 1, reports: 6 },
  });
  assert.deepEqual(body.auto_rollback, { window: 20, min_reporters: 5, failure_rate: 0.5 });

  // Newest first, with who did it.
  assert.deepEqual(
    body.audit.map((row: { action: string; actor: unknown; remote: string }) => [
      row.action,
      row.actor,
      row.remote,
    ]),
    [
      ['canary', { id: t.adminId, username: 'root' }, 'user'],
      ['publish', { id: t.adminId, username: 'root' }, 'user'],
      ['publish', { id: t.adminId, username: 'root' }, 'user'],
      ['publish', { id: t.adminId, username: 'root' }, 'user'],
    ],
  );
  assert.deepEqual(body.audit[0].after, {
    stable: '1.1.0-bbbbbbbb',
    previous_stable: '1.0.0-aaaaaaaa',
    canary: '1.2.0-cccccccc',
    canary_percent: 15,
  });
});

Deno.test('the status lists only the newest 20 audit rows, and counts only the newest 20 reporters as recent', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('owner', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  for (let i = 0; i < 25; i++) {
    await t.canary('owner', '1.1.0-bbbbbbbb', i);
    t.clock.advance(1000);
  }
  await t.reportFrom(5, 'owner', '1.0.0-aaaaaaaa', 'load_failed');
  for (let i = 5; i < 25; i++) {
    await t.report('owner', '1.0.0-aaaaaaaa', 'loaded', 2, { ip: reporterIp(i) });
  }
  const body = await (await t.get('/api/releases/', { token: t.admin })).json();
  assert.equal(body.audit.length, 20);
  assert.equal(body.audit[0].after.canary_percent, 24);
  assert.deepEqual(body.remotes.owner.stable.events, {
    recent: { reporters: 20, failed: 0, reports: 40 },
    all: { reporters: 25, failed: 5, reports: 45 },
  });
});

Deno.test('the status shows the plan and the health of stable and canary over the current step', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(5, 1000, 100), errors: 1 });
  await traffic(t, 'user', CANARY, { ...healthy(3, 1000, 100), offset: 10 });
  const res = await t.get('/api/releases/', { token: t.admin });
  assert.equal(res.status, 200);
  const body = await res.json();
  const user = body.remotes.user;
  assert.equal(user.rollout.state, 'running');
  assert.equal(user.health.since, user.rollout.started_at);
  assert.deepEqual(user.health.stable, {
    version: STABLE,
    reporters: 5,
    views: 40,
    errors: 5,
    error_rate: 0.125,
    lcp_p75: 1100,
    inp_p75: 110,
    cls_p75: null,
    lcp_samples: 25,
    inp_samples: 25,
    cls_samples: 0,
  });
  assert.equal(user.health.canary.version, CANARY);
  assert.equal(user.health.canary.views, 24);
  assert.equal(user.health.canary.error_rate, 0);
  assert.deepEqual(body.remotes.auth.health, {
    since: new Date(t.clock().getTime() - 60 * MINUTE).toISOString(),
    stable: null,
    canary: null,
  });
  assert.equal(body.remotes.auth.rollout, null);
  assert.deepEqual(body.health_rules, {
    min_views: 30,
    inconclusive_windows: 3,
    min_reporters: 4,
    error_rate_ratio: 2,
    error_rate_min: 0.01,
    vitals_ratio: 1.25,
    vitals_min_samples: 20,
  });
});
