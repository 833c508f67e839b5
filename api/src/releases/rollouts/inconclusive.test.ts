import assert from 'node:assert/strict';
import { createMetrics } from '../../metrics/metrics.ts';
import { metricsApp } from '../../metrics/server.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { createReleasesTestApp, type ReleasesTestApp } from '../../testing/releases.ts';
import {
  CANARY,
  canaryOf,
  healthy,
  LONG_TOKENS,
  MINUTE,
  planOf,
  STABLE,
  stableOf,
  tick,
  traffic,
  withPlan,
} from '../../testing/rollouts.ts';
import { tickRollouts } from './rollouts.ts';

// A step that ends without enough traffic to judge, window after window, pauses the plan as
// inconclusive (docs/decisions/0038-inconclusive-rollouts.md): it says what was missing, the
// canary stays where it is, resume starts the step over and abort still rolls back.

/** Thin traffic during the first step: stable is busy, the canary seen by 2 networks, 12 views. */
async function thinStep(t: ReleasesTestApp) {
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  await traffic(t, 'user', CANARY, { reporters: 2, views: 6, offset: 10 });
}

const REASON =
  'Inconclusive: after 3 windows of 15 min the canary had 12 views (30 needed) from 2 reporters (4 needed).';

/** The ticker's audit rows: in the registry's log and in the product's. */
async function inconclusiveRecords(t: ReleasesTestApp) {
  const registry = (await t.audit()).filter((row) => row.action === 'rollout_inconclusive');
  const log = await t.db.query<{ actor_id: number | null; actor_label: string; details: never }>`
    SELECT actor_id, actor_label, details FROM audit_log WHERE action = 'rollout.inconclusive'`;
  return { registry, log };
}

Deno.test('a step short of traffic for 3 windows pauses as inconclusive, saying what was missing', async () => {
  const metrics = createMetrics({ processMetrics: false });
  await using t = await createReleasesTestApp({ ...LONG_TOKENS, metrics });
  const plan = await withPlan(t);
  const started = Date.parse(plan.started_at);
  await thinStep(t);

  // The step is due: it holds, and says when it will give up.
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [
    { remote: 'user', action: 'holding', reason: 'Too little traffic to judge: 2 of 4 reporters.' },
  ]);
  let status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'holding');
  assert.equal(status.rollout.next_step_at, new Date(started + 45 * MINUTE).toISOString());
  // Two windows are not three.
  t.clock.advance(15 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'holding');
  t.clock.advance(15 * MINUTE - 1000);
  assert.equal((await tick(t))[0]?.action, 'holding');

  t.clock.advance(1000);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'inconclusive', reason: REASON }]);
  status = await planOf(t, 'user');
  assert.equal(status.rollout.state, 'inconclusive');
  assert.equal(status.rollout.reason, REASON);
  assert.equal(status.rollout.step_index, 0);
  assert.equal(status.rollout.next_step_at, null);
  // The figures are the status's own, over the whole step.
  assert.deepEqual([status.health.canary.views, status.health.canary.reporters], [12, 2]);
  assert.equal(
    (await t.get('/api/releases/', { token: t.admin }).then((r) => r.json())).health_rules
      .inconclusive_windows,
    3,
  );
  // The canary stays where it was; nothing ticks the plan any more, whatever comes.
  assert.equal((await canaryOf(t))?.percent, 5);
  assert.equal(await stableOf(t), STABLE);
  await traffic(t, 'user', CANARY, { ...healthy(), offset: 20 });
  t.clock.advance(60 * MINUTE);
  assert.deepEqual(await tick(t), []);
  assert.equal((await planOf(t, 'user')).rollout.state, 'inconclusive');

  // Recorded once, as the system's, with the reason, in both logs.
  const { registry, log } = await inconclusiveRecords(t);
  assert.equal(registry.length, 1);
  assert.equal(registry[0]?.actor_id, null);
  assert.deepEqual(registry[0]?.after, {
    stable: STABLE,
    previous_stable: null,
    canary: CANARY,
    canary_percent: 5,
    reason: REASON,
    rollout_state: 'inconclusive',
    rollout_step: 5,
  });
  assert.deepEqual(
    log.map((row) => [row.actor_id, row.actor_label]),
    [[null, 'system']],
  );
  const scraped = await (await metricsApp(metrics).request('/metrics')).text();
  assert.match(scraped, /^release_rollout_state\{remote="user",state="inconclusive"\} 1$/m);
  assert.match(scraped, /^release_rollout_state\{remote="user",state="holding"\} 0$/m);
});

Deno.test('enough views but too few networks: the reason names only what was missing', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t, { version: CANARY, steps: [10, 100], every_minutes: 5 });
  await traffic(t, 'user', CANARY, { reporters: 3, views: 20, offset: 10 });
  t.clock.advance(15 * MINUTE);
  // A tick that comes late (every instance was down) counts the windows that passed.
  t.clock.advance(6 * MINUTE);
  assert.deepEqual(await tick(t), [
    {
      remote: 'user',
      action: 'inconclusive',
      reason:
        'Inconclusive: after 4 windows of 5 min the canary had 60 views from 3 reporters (4 needed).',
    },
  ]);
});

Deno.test('with enough traffic a step advances when due, as before: a window not yet due never counts', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  for (const expected of ['advanced', 'advanced', 'promoted']) {
    await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
    await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
    t.clock.advance(15 * MINUTE - 1000);
    assert.deepEqual(await tick(t), [{ remote: 'user', action: 'waiting' }]);
    t.clock.advance(1000);
    assert.deepEqual(await tick(t), [{ remote: 'user', action: expected }]);
  }
  assert.equal(await stableOf(t), CANARY);
  assert.equal((await inconclusiveRecords(t)).registry.length, 0);
});

Deno.test('two thin windows then enough traffic: the step advances and the next one counts its windows afresh', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await thinStep(t);
  t.clock.advance(15 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'holding');
  t.clock.advance(15 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'holding');
  // In the third window three more networks come: 5 reporters, 12 + 24 views over the step.
  t.clock.advance(5 * MINUTE);
  await traffic(t, 'user', CANARY, { ...healthy(3), offset: 20 });
  t.clock.advance(1000);
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  assert.equal((await canaryOf(t))?.percent, 25);
  const stepStarted = t.clock().getTime();

  // The 25 % step is thin too: two windows hold it, it is not inconclusive yet.
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [
    { remote: 'user', action: 'holding', reason: 'Too little traffic to judge: 0 of 4 reporters.' },
  ]);
  assert.equal(
    (await planOf(t, 'user')).rollout.next_step_at,
    new Date(stepStarted + 45 * MINUTE).toISOString(),
  );
  t.clock.advance(15 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'holding');
  t.clock.advance(15 * MINUTE);
  assert.deepEqual(await tick(t), [
    {
      remote: 'user',
      action: 'inconclusive',
      reason:
        'Inconclusive: after 3 windows of 15 min the canary had 0 views (30 needed) from 0 reporters (4 needed).',
    },
  ]);
  assert.equal((await canaryOf(t))?.percent, 25);
});

Deno.test('resume continues an inconclusive plan: the step starts over, then the next steps follow', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await thinStep(t);
  t.clock.advance(45 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'inconclusive');

  // Already paused, by the ticker: pause is refused.
  let res = await t.post('/api/releases/user/rollout/pause/', {}, { token: t.admin });
  assert.equal(res.status, 409);
  assert.equal((await res.json()).code, 'rollout_not_running');

  res = await t.post('/api/releases/user/rollout/resume/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  const { rollout } = await res.json();
  assert.equal(rollout.state, 'running');
  assert.equal(rollout.step_index, 0);
  assert.equal(rollout.reason, null);
  assert.equal(rollout.next_step_at, new Date(t.clock().getTime() + 15 * MINUTE).toISOString());
  assert.equal((await t.audit()).at(-1)?.action, 'rollout_resume');

  // The windows count from the resume: two thin ones only hold it.
  t.clock.advance(30 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'holding');
  // Then traffic comes, and the plan walks on to the end.
  await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
  await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
  assert.deepEqual(await tick(t), [{ remote: 'user', action: 'advanced' }]);
  for (const expected of ['advanced', 'promoted']) {
    await traffic(t, 'user', STABLE, { ...healthy(), offset: 0 });
    await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
    t.clock.advance(15 * MINUTE);
    assert.deepEqual(await tick(t), [{ remote: 'user', action: expected }]);
  }
  assert.equal(await stableOf(t), CANARY);
  assert.equal((await planOf(t, 'user')).rollout.state, 'completed');
});

Deno.test('abort still rolls back an inconclusive plan', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  await thinStep(t);
  t.clock.advance(45 * MINUTE);
  assert.equal((await tick(t))[0]?.action, 'inconclusive');
  const res = await t.post('/api/releases/user/rollout/abort/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).rollout.state, 'aborted');
  assert.equal(await canaryOf(t), null);
  assert.equal(await stableOf(t), STABLE);
  // A new plan may start: the inconclusive one no longer holds the remote.
  const again = await t.post(
    '/api/releases/user/rollout/',
    { version: CANARY, steps: [50, 100], every_minutes: 5 },
    { token: t.admin },
  );
  assert.equal(again.status, 201);
});

Deno.test('two instances ticking at once record the plan inconclusive once', async () => {
  await using first = await createTestDb();
  await using t = await createReleasesTestApp({ ...LONG_TOKENS, db: first.db });
  await using other = secondPool(first);
  await withPlan(t);
  await thinStep(t);
  t.clock.advance(45 * MINUTE);
  for (let round = 0; round < 3; round++) {
    const results = await Promise.all([
      tickRollouts(t.db, t.clock()),
      tickRollouts(other.db, t.clock()),
      tickRollouts(t.db, t.clock()),
      tickRollouts(other.db, t.clock()),
    ]);
    const acted = results.flat().filter((r) => r.action === 'inconclusive');
    assert.equal(acted.length, round === 0 ? 1 : 0, JSON.stringify(results));
  }
  const { registry, log } = await inconclusiveRecords(t);
  assert.deepEqual([registry.length, log.length], [1, 1]);
});
