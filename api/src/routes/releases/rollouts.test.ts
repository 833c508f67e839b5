import assert from 'node:assert/strict';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { createReleasesTestApp, type ReleasesTestApp } from '../../testing/releases.ts';
import {
  healthy,
  planOf,
  sendHealth,
  startRollout,
  tick,
  traffic,
} from '../../testing/rollouts.ts';
import { tickRollouts } from './rollouts.ts';

const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-abcd1234';
const MINUTE = 60_000;
// The tests move the clock by hours; the admin's access token should outlive them.
const LONG_TOKENS = { config: { accessTokenTtlSeconds: 24 * 3600 } };
const PLAN = { version: CANARY, steps: [5, 25, 50, 100], every_minutes: 15 };

async function withPlan(t: ReleasesTestApp, plan: Record<string, unknown> = PLAN) {
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  const res = await startRollout(t, 'user', plan);
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).rollout;
}

const canaryOf = async (t: ReleasesTestApp) => (await t.manifest()).remotes.user.canary;
const stableOf = async (t: ReleasesTestApp) => (await t.manifest()).remotes.user.stable?.version;

/** Healthy traffic on both versions during a step, then the clock moves past it and it ticks. */
async function healthyStep(t: ReleasesTestApp) {
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
  t.clock.advance(15 * MINUTE);
  return await tick(t);
}

Deno.test('a healthy canary walks 5 → 25 → 50 → 100 % on its own and becomes stable', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  const plan = await withPlan(t);
  assert.deepEqual(
    { ...plan, started_at: undefined, updated_at: undefined },
    {
      remote: 'user',
      version: CANARY,
      steps: [5, 25, 50, 100],
      every_minutes: 15,
      step_index: 0,
      state: 'running',
      next_step_at: new Date(t.clock().getTime() + 15 * MINUTE).toISOString(),
      reason: null,
      started_at: undefined,
      updated_at: undefined,
    },
  );
  assert.equal((await canaryOf(t))?.percent, 5);

  // Nothing moves before the step is due, however healthy.
  await traffic(t, 'user', STABLE, healthy());
  await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
  t.clock.advance(14 * MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'waiting' }]);
  assert.equal((await canaryOf(t))?.percent, 5);

  t.clock.advance(MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  assert.equal((await canaryOf(t))?.percent, 25);
  assert.deepEqual(await healthyStep(t), [{ remote: 'user', action: 'advanced' }]);
  assert.equal((await canaryOf(t))?.percent, 50);
  assert.deepEqual(await healthyStep(t), [{ remote: 'user', action: 'promoted' }]);

  assert.equal(await stableOf(t), CANARY);
  assert.equal(await canaryOf(t), null);
  const status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'completed');
  assert.equal(status.rollout.step_index, 3);
  assert.equal(status.rollout.next_step_at, null);
  assert.equal(status.previous_stable.version, STABLE);
  // A finished plan is ticked no more.
  t.clock.advance(60 * MINUTE);
  assert.deepEqual(await tick(t), []);
  const actions = (await t.audit()).map((row) => [row.action, row.actor_id === null]);
  assert.deepEqual(actions.slice(-4), [
    ['rollout_start', false],
    ['rollout_step', true],
    ['rollout_step', true],
    ['rollout_promote', true],
  ]);
});

Deno.test('a canary that throws after it loaded (on a later route) is rolled back, with its error rate as the reason', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  // Every view loads fine; one in four then throws on the bookings page.
  await traffic(t, 'user', CANARY, {
    ...healthy(),
    views: 8,
    errors: 2,
    route: '/user/bookings',
    offset: 10,
  });
  // Judged on the next tick, long before the step is due.
  t.clock.advance(5000);
  const reason =
    'Automatic rollback: error rate 25 % vs 0 % on stable (40 views from 5 reporters).';
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'rolled_back', reason }]);
  assert.equal(await canaryOf(t), null);
  const status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'rolled_back');
  assert.equal(status.rollout.reason, reason);
  assert.equal(status.rolled_back_reason, reason);
  assert.equal(await stableOf(t), STABLE);
  const last = (await t.audit()).at(-1);
  assert.equal(last?.action, 'auto_rollback');
  assert.equal(last?.actor_id, null);
  assert.deepEqual(await tick(t), []);
});

Deno.test('a health report ticks its remote: a bad canary goes without waiting for the timer', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, healthy());
  await traffic(t, 'user', CANARY, { ...healthy(), errors: 4, offset: 10 });
  // The reports above came within one instant (one tick per remote per 2 s); the next one ticks.
  t.clock.advance(2000);
  const res = await sendHealth(t, 'user', CANARY, [{ kind: 'view' }], { ip: '203.0.113.1' });
  assert.equal(res.status, 202);
  await t.settled();
  assert.equal(await canaryOf(t), null);
  assert.equal((await planOf(t, 'user')).rollout.state, 'rolled_back');
});

Deno.test('the error rate is judged against stable: errors stable also has do not roll the canary back', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(), errors: 1, offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), errors: 1, offset: 10 });
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  // A canary twice as bad as stable is not.
  await traffic(t, 'user', STABLE, { ...healthy(), errors: 1, offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), errors: 2, offset: 10 });
  assert.equal((await tick(t))[0]?.action, 'rolled_back');
  const status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'rolled_back');
  assert.equal(
    status.rollout.reason,
    'Automatic rollback: error rate 25 % vs 12.5 % on stable (40 views from 5 reporters).',
  );
});

Deno.test('a slow canary is rolled back on its vitals, with the measure as the reason', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(5, 1000, 180), offset: 0 });
  // Loads and renders without an error, but responds to input 1.5 times slower.
  await traffic(t, 'user', CANARY, { ...healthy(5, 1000, 270), offset: 10 });
  assert.equal((await tick(t))[0]?.action, 'rolled_back');
  const status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'rolled_back');
  assert.equal(
    status.rollout.reason,
    'Automatic rollback: INP p75 297 ms vs 198 ms on stable (25 samples).',
  );
  assert.equal(await canaryOf(t), null);
});

Deno.test('a canary with a slow LCP is rolled back; a little slower (under 1.25 times) is not', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(5, 2000), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(5, 2400), offset: 10 });
  assert.equal((await tick(t))[0]?.action, 'waiting');
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  await traffic(t, 'user', STABLE, { ...healthy(5, 2000), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(5, 3000), offset: 10 });
  assert.equal((await tick(t))[0]?.action, 'rolled_back');
  const status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'rolled_back');
  assert.equal(
    status.rollout.reason,
    'Automatic rollback: LCP p75 3300 ms vs 2200 ms on stable (25 samples).',
  );
});

Deno.test('a canary whose layout shifts is rolled back on its CLS; a shift nobody sees is not', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  const shifts = (base: number) => [0.8, 0.9, 1, 1.1, 1.2].map((f) => base * f);
  // Twice stable's, but still a good score: the step is walked.
  await traffic(t, 'user', STABLE, { ...healthy(), cls: shifts(0.02), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), cls: shifts(0.04), offset: 10 });
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  // A late banner pushes the page down: past 0.1 and well above stable.
  await traffic(t, 'user', STABLE, { ...healthy(), cls: shifts(0.02), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), cls: shifts(0.3), offset: 10 });
  assert.equal((await tick(t))[0]?.action, 'rolled_back');
  const status = await planOf(t, 'user');
  assert.equal(
    status.rollout.reason,
    'Automatic rollback: CLS p75 0.33 vs 0.022 on stable (25 samples).',
  );
  assert.equal(await canaryOf(t), null);
});

Deno.test('too little traffic holds the step until there is enough to judge, then it advances', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), views: 4, offset: 10 });
  t.clock.advance(15 * MINUTE);
  const [held] = await tick(t);
  assert.deepEqual(held, {
    remote: 'user',
    action: 'holding',
    reason: 'Too little traffic to judge: 20 of 30 views.',
  });
  let status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'holding');
  assert.equal(status.rollout.step_index, 0);
  assert.equal(status.rollout.reason, 'Too little traffic to judge: 20 of 30 views.');
  assert.equal((await canaryOf(t))?.percent, 5);
  // Still too little a tick later: it holds on.
  t.clock.advance(MINUTE);
  assert.equal((await tick(t))[0]?.action, 'holding');
  // Enough now (the window is the whole step so far): the next tick advances.
  await traffic(t, 'user', CANARY, { ...healthy(), views: 4, offset: 10 });
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'running');
  assert.equal(status.rollout.reason, null);
  assert.equal((await canaryOf(t))?.percent, 25);
});

Deno.test('one reporter cannot sway a rollout: its errors alone never roll back, and what it sends is capped', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  // One network floods: views and errors, fifty a beacon.
  const flood = Array.from({ length: 25 }, () => [{ kind: 'view' }, { kind: 'error' }]).flat();
  const recorded: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await sendHealth(t, 'user', CANARY, flood as never, { ip: '203.0.113.9' });
    assert.equal(res.status, 202);
    recorded.push((await res.json()).recorded);
  }
  assert.deepEqual(recorded, [50, 10, 0]);
  await t.settled();
  t.clock.advance(15 * MINUTE);
  const [held] = await tick(t);
  assert.equal(held?.action, 'holding');
  assert.equal(held?.reason, 'Too little traffic to judge: 1 of 4 reporters.');
  assert.equal((await canaryOf(t))?.version, CANARY);
});

/** One network's beacon: 25 views, each with an error. */
const BEACON = Array.from({ length: 25 }, () => [
  { kind: 'view' },
  { kind: 'error' },
]).flat() as never;

Deno.test('one network cannot roll back a healthy canary: its errors weigh as one reporter of four', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  // Three networks find the canary healthy: 30 views, no error.
  await traffic(t, 'user', CANARY, { reporters: 3, views: 10, offset: 10 });
  // A fourth sends one beacon of 25 views and 25 errors.
  const res = await sendHealth(t, 'user', CANARY, BEACON, { ip: '203.0.113.9' });
  assert.equal((await res.json()).recorded, 50);
  t.clock.advance(5000);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'waiting' }]);
  assert.equal((await canaryOf(t))?.version, CANARY);
  const health = (await planOf(t, 'user')).health.canary;
  assert.deepEqual([health.reporters, health.views, health.errors], [4, 55, 25]);
  assert.equal(health.error_rate, 0);
  // The step is walked when due.
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
});

Deno.test('one network cannot promote a broken canary: errors sent against stable do not excuse it', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  // Stable is healthy on three networks; a fourth sends the beacon of errors against it.
  await traffic(t, 'user', STABLE, { reporters: 3, views: 10, offset: 0 });
  let res = await sendHealth(t, 'user', STABLE, BEACON, { ip: '203.0.113.9' });
  assert.equal((await res.json()).recorded, 50);
  // The canary fails one view in five everywhere; the same network reports it spotless.
  await traffic(t, 'user', CANARY, { reporters: 4, views: 10, errors: 2, offset: 10 });
  const clean = Array.from({ length: 25 }, () => ({ kind: 'view' as const }));
  res = await sendHealth(t, 'user', CANARY, clean, { ip: '203.0.113.9' });
  assert.equal((await res.json()).recorded, 25);
  t.clock.advance(15 * MINUTE);
  const reason =
    'Automatic rollback: error rate 20 % vs 0 % on stable (65 views from 5 reporters).';
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'rolled_back', reason }]);
  assert.equal(await canaryOf(t), null);
  assert.equal(await stableOf(t), STABLE);
});

Deno.test('a network alone on stable is no measure: the canary is judged against 0', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  const res = await sendHealth(t, 'user', STABLE, BEACON, { ip: '203.0.113.9' });
  assert.equal(res.status, 202);
  await traffic(t, 'user', CANARY, { reporters: 5, views: 10, errors: 2, offset: 10 });
  t.clock.advance(15 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'rolled_back');
  assert.equal(await canaryOf(t), null);
});

Deno.test('one network cannot make a canary look slow: vitals are weighed per reporter', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await traffic(t, 'user', STABLE, { ...healthy(5, 1000, 100), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(4, 1000, 100), offset: 10 });
  // Fifty INP samples of a minute each, from one more network.
  const slow = [
    { kind: 'view' as const },
    ...Array.from({ length: 49 }, () => ({ kind: 'inp' as const, value: 60_000 })),
  ];
  const res = await sendHealth(t, 'user', CANARY, slow, { ip: '203.0.113.9' });
  assert.equal((await res.json()).recorded, 50);
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
});

Deno.test('two instances ticking at once never advance one step twice', async () => {
  // Two pools on one database, as two API instances have (closed in reverse order).
  await using first = await createTestDb();
  await using t = await createReleasesTestApp({ ...LONG_TOKENS, db: first.db });
  await using other = secondPool(first);
  await withPlan(t);
  await traffic(t, 'user', STABLE, healthy());
  await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
  t.clock.advance(15 * MINUTE);
  for (let round = 0; round < 3; round++) {
    const results = await Promise.all([
      tickRollouts(t.db, t.clock()),
      tickRollouts(other.db, t.clock()),
      tickRollouts(t.db, t.clock()),
      tickRollouts(other.db, t.clock()),
    ]);
    const acted = results.flat().filter((r) => r.action === 'advanced');
    assert.equal(acted.length, round === 0 ? 1 : 0, JSON.stringify(results));
  }
  assert.equal((await canaryOf(t))?.percent, 25);
  const steps = (await t.audit()).filter((row) => row.action === 'rollout_step');
  assert.equal(steps.length, 1);
  assert.equal((await planOf(t, 'user')).rollout.step_index, 1);
});

Deno.test('pause stops the walk, resume starts the step afresh, abort rolls the canary back', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  const call = (action: string) =>
    t.post(`/api/releases/user/rollout/${action}/`, {}, { token: t.admin });

  let res = await call('resume');
  assert.equal(res.status, 409);
  assert.equal((await res.json()).detail, 'The rollout is not paused.');
  res = await call('pause');
  assert.equal(res.status, 200);
  let { rollout } = await res.json();
  assert.equal(rollout.state, 'paused');
  assert.equal(rollout.next_step_at, null);
  assert.equal(rollout.reason, 'Paused by root.');
  assert.equal((await call('pause')).status, 409);

  // Paused: neither judged nor advanced, however due and however bad.
  await traffic(t, 'user', STABLE, healthy());
  await traffic(t, 'user', CANARY, { ...healthy(), errors: 8, offset: 10 });
  t.clock.advance(60 * MINUTE);
  assert.deepEqual(await tick(t), []);
  assert.equal((await canaryOf(t))?.percent, 5);

  res = await call('resume');
  assert.equal(res.status, 200);
  ({ rollout } = await res.json());
  assert.equal(rollout.state, 'running');
  assert.equal(rollout.next_step_at, new Date(t.clock().getTime() + 15 * MINUTE).toISOString());
  // The step starts afresh: the errors sent while paused are not in its window.
  assert.equal((await tick(t))[0]?.action, 'waiting');

  res = await call('abort');
  assert.equal(res.status, 200);
  ({ rollout } = await res.json());
  assert.equal(rollout.state, 'aborted');
  assert.equal(rollout.reason, 'Rollout aborted by root.');
  assert.equal(await canaryOf(t), null);
  const status = await planOf(t, 'user');
  assert.equal(status.rolled_back_reason, 'Rollout aborted by root.');
  assert.deepEqual((await t.audit()).map((row) => row.action).slice(-3), [
    'rollout_pause',
    'rollout_resume',
    'rollout_abort',
  ]);
  for (const action of ['pause', 'resume', 'abort']) {
    res = await call(action);
    assert.equal(res.status, 409);
    assert.equal((await res.json()).detail, 'There is no rollout in progress for this remote.');
  }
});

Deno.test('one plan per remote; other remotes are unaffected; bad plans are refused', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  let res = await startRollout(t, 'user', PLAN);
  assert.equal(res.status, 409);
  assert.equal(
    (await res.json()).detail,
    'mfe-user already has a rollout in progress (1.1.0-abcd1234); pause, resume or abort it first.',
  );
  await t.publish('owner', STABLE);
  await t.publish('owner', CANARY);
  res = await startRollout(t, 'owner', { ...PLAN, steps: [10, 100], every_minutes: 5 });
  assert.equal(res.status, 201);
  assert.equal((await t.manifest()).remotes.owner.canary?.percent, 10);
  assert.equal((await canaryOf(t))?.percent, 5);

  const steps =
    'Steps must be whole percentages from 1 to 100, strictly increasing, ending in 100.';
  const cases: [Record<string, unknown>, number, string][] = [
    [{ ...PLAN, steps: [5, 25, 50] }, 400, steps],
    [{ ...PLAN, steps: [25, 5, 100] }, 400, steps],
    [{ ...PLAN, steps: [5, 5, 100] }, 400, steps],
    [{ ...PLAN, steps: [0, 100] }, 400, steps],
    [{ ...PLAN, steps: [5.5, 100] }, 400, steps],
    [{ ...PLAN, steps: [] }, 400, steps],
    [{ ...PLAN, steps: '5,100' }, 400, steps],
    [{ ...PLAN, every_minutes: 0 }, 400, 'every_minutes must be a whole number from 1 to 1440.'],
    [{ ...PLAN, every_minutes: 1441 }, 400, 'every_minutes must be a whole number from 1 to 1440.'],
    [{ ...PLAN, version: '9.9.9' }, 404, 'Unknown version 9.9.9 for admin.'],
    [{ ...PLAN, version: STABLE }, 409, `${STABLE} is already the stable version of admin.`],
  ];
  await t.publish('admin', STABLE);
  await t.publish('admin', CANARY);
  for (const [body, status, detail] of cases) {
    res = await startRollout(t, 'admin', body);
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal((await res.json()).detail, detail);
  }
  assert.equal((await startRollout(t, 'billing' as never, PLAN)).status, 404);
  const { access } = await t.login(
    (await t.createUser({ username: 'ann', email: 'ann@example.com' })).email,
  );
  res = await t.post('/api/releases/admin/rollout/', PLAN, { token: access });
  assert.equal(res.status, 403);
  assert.equal((await t.post('/api/releases/user/rollout/pause/', {})).status, 401);
  assert.equal((await planOf(t, 'admin')).rollout, null);
});

Deno.test('a plan ends when its canary is changed by hand or dropped by the load-failure rollback', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  let res = await t.post('/api/releases/user/rollback/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  let status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'rolled_back');
  assert.equal(status.rollout.reason, `Canary ${CANARY} rolled back by root.`);

  res = await startRollout(t, 'user', PLAN);
  assert.equal(res.status, 201);
  res = await t.post('/api/releases/user/promote/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'completed');
  assert.equal(status.rollout.reason, 'Promoted to stable by hand.');

  const NEXT = '1.2.0-00000000';
  await t.publish('user', NEXT);
  res = await startRollout(t, 'user', { ...PLAN, version: NEXT });
  assert.equal(res.status, 201);
  await t.reportFrom(5, 'user', NEXT, 'load_failed');
  status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'rolled_back');
  assert.match(status.rollout.reason, /^Automatic rollback: 5 of 5 recent reporters/);
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
    min_reporters: 4,
    error_rate_ratio: 2,
    error_rate_min: 0.01,
    vitals_ratio: 1.25,
    vitals_min_samples: 20,
  });
});
