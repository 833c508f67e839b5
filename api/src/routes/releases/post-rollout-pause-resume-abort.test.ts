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
  tick,
  traffic,
  withPlan,
} from '../../testing/rollouts.ts';

// POST /api/releases/{remote}/rollout/pause/, resume/ and abort/: one story, as an admin uses
// them.

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
