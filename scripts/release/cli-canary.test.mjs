// The release CLI end to end: `canary`, `promote` and `rollback` against a real API
// (release/cli-harness.mjs).
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import {
  assertFailed,
  cli,
  fakeBuild,
  fakeRepo,
  manifest,
  published,
  useReleaseApi,
} from './cli-harness.mjs';

useReleaseApi();

// ---- canary, promote, rollback ----------------------------------------------------------------

test('canary lets a percentage of browsers load a published version, and refuses bad input', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'user', { version: '1.0.0', body: 'user-stable' });
  const stable = await published(root, 'user');
  await fakeBuild(root, 'user', { version: '1.1.0', body: 'user-canary' });
  const next = await published(root, 'user');

  const r = await cli(root, ['canary', 'user', next, '--percent', '10']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `mfe-user ${next} is the canary for 10% of browsers; stable is ${stable}`);
  const { integrity, ...canary } = (await manifest()).user.canary;
  assert.deepEqual(canary, {
    version: next,
    entry: `http://localhost:3002/${next}/remoteEntry.js`,
    percent: 10,
  });
  assert.match(integrity, /^sha384-[A-Za-z0-9+/]{64}$/);
  const raised = await cli(root, ['canary', 'mfe-user', next, '--percent=25']);
  assert.equal(raised.code, 0, raised.stderr);
  assert.equal((await manifest()).user.canary.percent, 25);

  for (const percent of ['101', '-1', '2.5', 'ten', '']) {
    assertFailed(
      await cli(root, ['canary', 'user', next, `--percent=${percent}`]),
      1,
      `Percent must be a whole number from 0 to 100 (got "${percent}").`,
    );
  }
  assertFailed(
    await cli(root, ['canary', 'cinema', next, '--percent', '5']),
    1,
    'Unknown remote cinema. The remotes are: auth, user, owner, admin.',
  );
  assertFailed(
    await cli(root, ['canary', 'user', '1.2.0-abcd1234', '--percent', '5']),
    1,
    `Unknown version 1.2.0-abcd1234 for user. Newest published: ${next}, ${stable}.`,
  );
  assertFailed(
    await cli(root, ['canary', 'user', stable, '--percent', '5']),
    1,
    `${stable} is already the stable version of user.`,
  );

  // Recorded, but its files are gone from the release store.
  await rm(path.join(root, 'releases', 'mfe-user', next), { recursive: true });
  assertFailed(
    await cli(root, ['canary', 'user', next, '--percent', '5']),
    1,
    `${next} of mfe-user is not published: ${path.join('releases', 'mfe-user', next)} is missing`,
  );
  assert.equal((await manifest()).user.canary.percent, 25);
});

test('promote makes the canary stable; with no canary it says so (exit 1)', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'owner', { version: '3.0.0', body: 'owner-promote-1' });
  await published(root, 'owner');
  await fakeBuild(root, 'owner', { version: '3.1.0', body: 'owner-promote-2' });
  const next = await published(root, 'owner');
  const stableBefore = (await manifest()).owner.stable.version;
  assert.equal((await cli(root, ['canary', 'owner', next, '--percent', '50'])).code, 0);

  const r = await cli(root, ['promote', 'owner']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `mfe-owner ${next} is now stable for everyone (was ${stableBefore})`);
  const owner = (await manifest()).owner;
  assert.deepEqual(owner, {
    stable: {
      version: next,
      entry: `http://localhost:3003/${next}/remoteEntry.js`,
      integrity: owner.stable.integrity,
    },
    canary: null,
    ticket: null,
  });
  assert.match(owner.stable.integrity, /^sha384-/);
  assertFailed(await cli(root, ['promote', 'owner']), 1, 'There is no canary to promote.');
  assertFailed(
    await cli(root, ['promote', 'box-office']),
    1,
    'Unknown remote box-office. The remotes are: auth, user, owner, admin.',
  );
});

test('rollback drops the canary, else returns stable to the previous version; then there is nothing to roll back to', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'admin', { version: '5.0.0', body: 'admin-rollback-1' });
  await published(root, 'admin');
  const first = (await manifest()).admin.stable.version;
  await fakeBuild(root, 'admin', { version: '5.1.0', body: 'admin-rollback-2' });
  const second = await published(root, 'admin');
  await fakeBuild(root, 'admin', { version: '5.2.0', body: 'admin-rollback-3' });
  const third = await published(root, 'admin');

  assert.equal((await cli(root, ['canary', 'admin', second, '--percent', '100'])).code, 0);
  assert.equal((await cli(root, ['promote', 'admin'])).code, 0);
  assert.equal((await cli(root, ['canary', 'admin', third, '--percent', '20'])).code, 0);

  const dropped = await cli(root, ['rollback', 'admin']);
  assert.equal(dropped.code, 0, dropped.stderr);
  assert.equal(
    dropped.stdout,
    `mfe-admin: Canary ${third} rolled back by ${'admin'}. Stable is ${second}.`,
  );
  assert.deepEqual((await manifest()).admin.canary, null);

  const back = await cli(root, ['rollback', 'admin']);
  assert.equal(back.code, 0, back.stderr);
  assert.equal(
    back.stdout,
    `mfe-admin: Stable ${second} rolled back to ${first} by admin. Stable is ${first}.`,
  );
  assert.equal((await manifest()).admin.stable.version, first);

  assertFailed(
    await cli(root, ['rollback', 'admin']),
    1,
    'There is no earlier stable version to return to.',
  );
});
