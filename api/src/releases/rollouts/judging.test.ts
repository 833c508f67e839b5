import assert from 'node:assert/strict';
import { createReleasesTestApp } from '../../testing/releases.ts';
import {
  CANARY,
  canaryOf,
  healthy,
  LONG_TOKENS,
  MINUTE,
  planOf,
  STABLE,
  sendHealth,
  stableOf,
  tick,
  traffic,
  withPlan,
} from '../../testing/rollouts.ts';

// How a running plan judges its canary against stable (telemetry/health.ts judge), through the
// API and the tick, and why no single network can sway it (docs/decisions/0027-rollouts-weigh-
// reporters.md).

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
