import assert from 'node:assert/strict';
import { createReleasesTestApp } from '../../testing/releases.ts';
import {
  CANARY,
  canaryOf,
  LONG_TOKENS,
  PLAN,
  planOf,
  STABLE,
  startRollout,
  withPlan,
} from '../../testing/rollouts.ts';

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
