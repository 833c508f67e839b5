import assert from 'node:assert/strict';
import { createReleasesTestApp } from '../../testing/releases.ts';
import { healthy, startRollout, traffic } from '../../testing/rollouts.ts';
import { createRolloutTicker } from './ticker.ts';

const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-abcd1234';

Deno.test('the ticker advances a due plan on its own timer, prunes old samples, and stops cleanly', async () => {
  await using t = await createReleasesTestApp({ config: { accessTokenTtlSeconds: 24 * 3600 } });
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  const res = await startRollout(t, 'user', {
    version: CANARY,
    steps: [10, 100],
    every_minutes: 1,
  });
  assert.equal(res.status, 201);
  await traffic(t, 'user', STABLE, healthy());
  await traffic(t, 'user', CANARY, { ...healthy(), offset: 10 });
  // A sample from more than a week ago goes with the first tick.
  await t.db.query`
    INSERT INTO release_health_samples (release_id, reporter, kind, created_at)
    SELECT id, 'old', 'view', ${new Date(t.clock().getTime() - 8 * 24 * 3600_000)}
      FROM releases LIMIT 1`;
  t.clock.advance(60_000);
  const ticker = createRolloutTicker({
    db: t.db,
    clock: t.clock,
    logger: t.logger,
    intervalMs: 20,
  });
  ticker.start();
  ticker.start();
  assert.equal(ticker.running, true);
  for (let i = 0; i < 200; i++) {
    if ((await t.manifest()).remotes.user.stable?.version === CANARY) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await ticker.stop();
  assert.equal(ticker.running, false);
  assert.equal((await t.manifest()).remotes.user.stable?.version, CANARY);
  assert.ok(t.logger.infos.includes('Rollout of mfe-user: promoted'), t.logger.infos.join('\n'));
  const [old] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM release_health_samples WHERE reporter = 'old'`;
  assert.equal(old?.n, 0);
  assert.deepEqual(t.logger.errors, []);
});

Deno.test('a tick that finds the database away logs one line saying so, without a stack', async () => {
  const lost = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
    code: 'CONNECTION_CLOSED',
  });
  const away = {
    kind: 'postgres' as const,
    query: () => Promise.reject(lost),
    transaction: () => Promise.reject(lost),
    listen: () => Promise.reject(lost),
    ping: () => Promise.reject(lost),
    close: () => Promise.resolve(),
  };
  const errors: { message: string; error?: unknown }[] = [];
  const ticker = createRolloutTicker({
    db: away,
    clock: () => new Date(),
    logger: { info: () => {}, error: (message, error) => errors.push({ message, error }) },
  });
  assert.deepEqual(await ticker.tick(), []);
  assert.deepEqual(errors, [
    {
      message:
        'The rollout tick found the database unavailable: write CONNECTION_CLOSED 127.0.0.1:5432',
      error: undefined,
    },
  ]);
});
