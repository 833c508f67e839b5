import assert from 'node:assert/strict';
import { makeKey } from '../../testing/deploy-keys.ts';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

const publishBody = (remote: string, version: string) => ({
  remote,
  version,
  entry: entryOf(remote, version),
});

Deno.test('a key acts on its own remote and actions only (403 elsewhere)', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const { key } = await makeKey(t, {
    name: 'owner-ci',
    remote: 'owner',
    actions: ['publish', 'canary'],
  });

  const own = await t.post('/api/releases/', publishBody('owner', '1.0.0-aaaaaaaa'), {
    token: key,
  });
  assert.equal(own.status, 201);
  await t.post('/api/releases/', publishBody('owner', '1.1.0-bbbbbbbb'), { token: key });
  const canary = await t.post(
    '/api/releases/owner/canary/',
    { version: '1.1.0-bbbbbbbb', percent: 10 },
    { token: key },
  );
  assert.equal(canary.status, 200);
  assert.equal((await t.get('/api/releases/owner/versions/', { token: key })).status, 200);
  assert.equal((await t.get('/api/releases/owner/health/', { token: key })).status, 200);

  const refusals: [Response, string][] = [
    [
      await t.post('/api/releases/', publishBody('user', '1.1.0-bbbbbbbb'), { token: key }),
      'The deploy key owner-ci is for mfe-owner only.',
    ],
    [
      await t.post(
        '/api/releases/user/canary/',
        { version: '1.0.0-aaaaaaaa', percent: 5 },
        { token: key },
      ),
      'The deploy key owner-ci is for mfe-owner only.',
    ],
    [
      await t.post('/api/releases/user/rollback/', {}, { token: key }),
      'The deploy key owner-ci is for mfe-owner only.',
    ],
    [
      await t.get('/api/releases/user/versions/', { token: key }),
      'The deploy key owner-ci is for mfe-owner only.',
    ],
    [
      await t.post('/api/releases/owner/promote/', {}, { token: key }),
      'The deploy key owner-ci may not promote.',
    ],
    [
      await t.post('/api/releases/owner/rollback/', {}, { token: key }),
      'The deploy key owner-ci may not rollback.',
    ],
    [
      await t.post(
        '/api/releases/owner/rollout/',
        { version: '1.1.0-bbbbbbbb', steps: [10, 100], every_minutes: 5 },
        { token: key },
      ),
      'The deploy key owner-ci may not rollout.',
    ],
    [
      await t.post('/api/releases/owner/rollout/pause/', {}, { token: key }),
      'The deploy key owner-ci may not rollout.',
    ],
  ];
  for (const [res, detail] of refusals) {
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.code, 'permission_denied');
    assert.equal(body.detail, detail);
  }
  // Nothing of the refused calls happened.
  const manifest = await t.manifest();
  assert.equal(manifest.remotes.user.stable?.version, '1.0.0-aaaaaaaa');
  assert.equal(manifest.remotes.user.canary, null);
  assert.equal(manifest.remotes.owner.canary?.version, '1.1.0-bbbbbbbb');
});

Deno.test('any live key reads the status of every remote', async () => {
  await using t = await createReleasesTestApp();
  const { key } = await makeKey(t, { name: 'auth-ci', remote: 'auth', actions: ['canary'] });
  const res = await t.get('/api/releases/', { token: key });
  assert.equal(res.status, 200);
  await res.body?.cancel();
});

Deno.test('a key is refused (403) by every route outside the releases', async () => {
  await using t = await createReleasesTestApp();
  const all = ['publish', 'preview', 'canary', 'rollout', 'promote', 'rollback'];
  const { key } = await makeKey(t, { name: 'admin-ci', remote: 'admin', actions: all });
  for (const path of [
    '/api/bookings/admin/',
    '/api/admin/audit/',
    '/api/admin/email-queue/',
    '/api/reports/',
    '/api/profile/',
    '/api/signup/?role=customer',
  ]) {
    const res = await t.get(path, { token: key });
    assert.equal(res.status, 403, path);
    const body = await res.json();
    assert.equal(body.code, 'permission_denied', path);
    assert.equal(body.detail, 'Deploy keys are accepted only by the release routes.', path);
  }
  const theater = await t.post('/api/theaters/', { name: 'Key Cinema' }, { token: key });
  assert.equal(theater.status, 403);
});

Deno.test('an expired or unknown key is a 401 with a clear detail (the app clock)', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const { key } = await makeKey(t, {
    name: 'short',
    remote: 'user',
    actions: ['publish'],
    expires_in_days: 1,
  });
  t.clock.advance(86_400_000 - 1000);
  assert.equal((await t.get('/api/releases/user/versions/', { token: key })).status, 200);
  t.clock.advance(1000);
  const expired = await t.get('/api/releases/user/versions/', { token: key });
  assert.equal(expired.status, 401);
  assert.equal((await expired.json()).detail, 'Deploy key expired.');

  const forged = `cdk_${'A'.repeat(43)}`;
  const unknown = await t.get('/api/releases/', { token: forged });
  assert.equal(unknown.status, 401);
  assert.equal((await unknown.json()).detail, 'Unknown deploy key.');
});

Deno.test('a key’s use is recorded, at most once a minute', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const { key, id } = await makeKey(t, { name: 'user-ci', remote: 'user', actions: ['publish'] });
  const lastUsed = async () =>
    (
      await t.db.query<{
        at: Date | null;
      }>`SELECT last_used_at AS at FROM deploy_keys WHERE id = ${id}`
    )[0]?.at;
  assert.equal(await lastUsed(), null);
  const first = t.clock();
  await t.get('/api/releases/user/versions/', { token: key });
  assert.equal((await lastUsed())?.toISOString(), first.toISOString());
  t.clock.advance(30_000);
  await t.get('/api/releases/user/versions/', { token: key });
  assert.equal((await lastUsed())?.toISOString(), first.toISOString());
  t.clock.advance(30_000);
  await t.get('/api/releases/user/versions/', { token: key });
  assert.equal((await lastUsed())?.toISOString(), t.clock().toISOString());
});
