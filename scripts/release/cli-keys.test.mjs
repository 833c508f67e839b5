// The release CLI with deploy keys, end to end against a real API (release/cli-harness.mjs):
// `keys create/list/revoke` as the admin, a pipeline's publish and rollout with RELEASE_KEY,
// a try on another remote refused, and `audit` showing who did what.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertFailed,
  cli,
  fakeBuild,
  fakeRepo,
  published,
  useReleaseApi,
} from './cli-harness.mjs';

useReleaseApi();

test('a team’s day with a deploy key: create, publish and roll out with RELEASE_KEY, audit, revoke', async () => {
  const root = await fakeRepo();
  const created = await cli(root, [
    'keys',
    'create',
    'owner-ci',
    '--remote',
    'owner',
    '--actions',
    'publish,canary,rollout',
    '--expires',
    '30d',
  ]);
  assert.equal(created.code, 0, created.stderr);
  const key = /cdk_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0];
  assert.ok(key, created.stdout);
  assert.match(created.stdout, /Deploy key owner-ci for mfe-owner \(publish, canary, rollout\)/);
  assert.match(created.stdout, /it is not shown again/);

  const list = await cli(root, ['keys', 'list']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /owner-ci\s+mfe-owner\s+publish,canary,rollout\s+active/);
  assert.ok(!list.stdout.includes('cdk_'));

  // The pipeline: no password, only the key.
  const asKey = { RELEASE_KEY: key, RELEASE_EMAIL: '', RELEASE_PASSWORD: '' };
  await fakeBuild(root, 'owner', { version: '3.0.0', body: 'owner-stable' });
  const first = await cli(root, ['publish', 'owner'], asKey);
  assert.equal(first.code, 0, first.stderr);
  await fakeBuild(root, 'owner', { version: '3.1.0', body: 'owner-next' });
  const next = await cli(root, ['publish', 'owner'], asKey);
  assert.equal(next.code, 0, next.stderr);
  const version = /^mfe-owner (\S+) /.exec(next.stdout)?.[1];
  const rollout = await cli(
    root,
    [
      'rollout',
      'owner',
      version,
      '--steps',
      '10,100',
      '--every',
      '5m',
      '--reason',
      'New payout screen',
    ],
    asKey,
  );
  assert.equal(rollout.code, 0, rollout.stderr);

  // Another remote, another action, the keys commands: refused with the API's detail, exit 1.
  await fakeBuild(root, 'user', { version: '1.0.0', body: 'user-stable' });
  await published(root, 'user');
  assertFailed(
    await cli(root, ['rollback', 'user'], asKey),
    1,
    'The deploy key owner-ci is for mfe-owner only.',
  );
  assertFailed(
    await cli(root, ['promote', 'owner'], asKey),
    1,
    'The deploy key owner-ci may not promote.',
  );
  assertFailed(
    await cli(root, ['keys', 'list'], asKey),
    1,
    'Deploy keys are accepted only by the release routes.',
  );

  const trail = await cli(root, ['audit', 'owner']);
  assert.equal(trail.code, 0, trail.stderr);
  const lines = trail.stdout.split('\n');
  assert.match(lines[0], /^WHEN \(UTC\)\s+WHO\s+REMOTE\s+ACTION\s+WHAT CHANGED\s+WHY$/);
  assert.match(
    lines[1],
    /key owner-ci\s+mfe-owner\s+rollout\.started\s+canary none -> \S+ at 10%; rollout running\s+New payout screen$/,
  );
  assert.match(trail.stdout, /key owner-ci\s+mfe-owner\s+release\.published\s+published 3\.0\.0/);
  assert.match(
    trail.stdout,
    /admin\s+mfe-owner\s+deploy_key\.created\s+key owner-ci \(publish, canary, rollout\)/,
  );
  assert.ok(!trail.stdout.includes('mfe-user'));
  // The key reads its own remote's trail, not another's.
  assert.equal((await cli(root, ['audit'], asKey)).code, 0);
  assertFailed(
    await cli(root, ['audit', 'user'], asKey),
    1,
    'The deploy key owner-ci is for mfe-owner only.',
  );

  const revoked = await cli(root, ['keys', 'revoke', 'owner-ci']);
  assert.equal(revoked.code, 0, revoked.stderr);
  assert.equal(
    revoked.stdout,
    'Deploy key owner-ci (mfe-owner) revoked: it is refused from now on.',
  );
  assertFailed(await cli(root, ['status'], asKey), 1, 'Deploy key revoked.');
  assertFailed(await cli(root, ['keys', 'revoke', 'nobody']), 1, /No deploy key named nobody/);
});

test('keys usage errors exit 2', async () => {
  const root = await fakeRepo();
  for (const args of [
    ['keys'],
    ['keys', 'create'],
    ['keys', 'create', 'x', '--remote', 'user'],
    ['keys', 'create', 'x', '--remote', 'user', '--actions', 'deploy'],
    ['keys', 'create', 'x', '--remote', 'user', '--actions', 'publish', '--expires', '400d'],
    ['keys', 'list', '--remote', 'user'],
    ['status', '--reason', 'why'],
    ['promote', 'user', '--reason', 'x'.repeat(201)],
    ['audit', 'user', 'owner'],
  ]) {
    const r = await cli(root, args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /npm run release -- /);
  }
});
