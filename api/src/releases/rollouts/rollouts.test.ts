import assert from 'node:assert/strict';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { createReleasesTestApp, type ReleasesTestApp } from '../../testing/releases.ts';
import {
  CANARY,
  canaryOf,
  healthy,
  LONG_TOKENS,
  MINUTE,
  PLAN,
  planOf,
  STABLE,
  sendHealth,
  stableOf,
  startRollout,
  tick,
  traffic,
  withPlan,
} from '../../testing/rollouts.ts';
import { tickRollouts } from './rollouts.ts';

// How a plan walks, holds and ends (how the canary is judged: judging.test.ts).

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
  // Enough now (the window is the whole step so far): the step advances, once. By this tick, or
  // by the one the reports start themselves (post-health.ts), when it runs after enough of them
  // are in: then this one finds the next step not due yet.
  await traffic(t, 'user', CANARY, { ...healthy(), views: 4, offset: 10 });
  const [after] = await tick(t);
  assert.ok(after?.action === 'advanced' || after?.action === 'waiting', JSON.stringify(after));
  status = await planOf(t, 'user');
  assert.equal(status.rollout.step_index, 1);
  assert.equal(status.rollout.state, 'running');
  assert.equal(status.rollout.reason, null);
  assert.equal((await canaryOf(t))?.percent, 25);
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
