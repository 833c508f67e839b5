import assert from 'node:assert/strict';
import { makeKey } from '../../testing/deploy-keys.ts';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

const LOOPBACK = 'http://localhost:3102/remoteEntry.js';

Deno.test('an admin gets a signed link to a published version, on the site’s address', async () => {
  await using t = await createReleasesTestApp({ config: { siteUrl: 'https://tickets.test' } });
  await t.publish('user', '1.0.0-aaaaaaaa', { make_stable: true });
  await t.publish('user', '1.1.0-bbbbbbbb');
  const res = await t.post(
    '/api/releases/user/previews/',
    { version: '1.1.0-bbbbbbbb', expires_in_minutes: 30 },
    { token: t.admin },
  );
  assert.equal(res.status, 201);
  const link = await res.json();
  const expiresAt = new Date(Math.floor(t.clock().getTime() / 1000) * 1000 + 30 * 60_000);
  assert.deepEqual(link, {
    url: `https://tickets.test/?preview=${link.token}`,
    token: link.token,
    remote: 'user',
    version: '1.1.0-bbbbbbbb',
    entry: entryOf('user', '1.1.0-bbbbbbbb'),
    integrity: null,
    expires_at: expiresAt.toISOString(),
  });
  // Nobody else's browser changes: the manifest still says what it said.
  const manifest = await t.manifest({ bucket: 0 });
  assert.equal(manifest.remotes.user.stable?.version, '1.0.0-aaaaaaaa');
  assert.equal(manifest.remotes.user.canary, null);
});

Deno.test('a link lasts an hour unless told otherwise, and 1 to 1440 minutes at most', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const res = await t.post(
    '/api/releases/user/previews/',
    { version: '1.0.0-aaaaaaaa' },
    { token: t.admin },
  );
  assert.equal(res.status, 201);
  const { expires_at } = await res.json();
  const seconds = Math.floor(t.clock().getTime() / 1000);
  assert.equal(expires_at, new Date((seconds + 3600) * 1000).toISOString());
  for (const minutes of [0, 1441, 2.5, '60', null, -5]) {
    const bad = await t.post(
      '/api/releases/user/previews/',
      { version: '1.0.0-aaaaaaaa', expires_in_minutes: minutes },
      { token: t.admin },
    );
    assert.equal(bad.status, 400, `expires_in_minutes ${minutes}`);
    const body = await bad.json();
    assert.equal(body.code, 'validation_error');
    assert.match(body.fields.expires_in_minutes, /from 1 to 1440/);
  }
});

Deno.test('an unknown version or remote is a 404, and nothing is recorded', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const version = await t.post(
    '/api/releases/user/previews/',
    { version: '9.9.9-ffffffff' },
    { token: t.admin },
  );
  assert.equal(version.status, 404);
  assert.deepEqual(await version.json(), {
    detail: 'Unknown version 9.9.9-ffffffff for user.',
    code: 'unknown_version',
    error: 'Unknown version 9.9.9-ffffffff for user.',
  });
  // Published for another remote is not published for this one.
  const other = await t.post(
    '/api/releases/owner/previews/',
    { version: '1.0.0-aaaaaaaa' },
    { token: t.admin },
  );
  assert.equal(other.status, 404);
  const remote = await t.post(
    '/api/releases/shop/previews/',
    { version: '1.0.0-aaaaaaaa' },
    { token: t.admin },
  );
  assert.equal(remote.status, 404);
  assert.equal((await remote.json()).code, 'unknown_remote');
  const rows = await t.db.query<{ count: number }>`
    SELECT count(*)::int AS count FROM audit_log WHERE action = 'release.previewed'`;
  assert.deepEqual(rows, [{ count: 0 }]);
});

Deno.test('a dev server’s entry is previewed only from this machine’s loopback', async () => {
  await using t = await createReleasesTestApp();
  for (const entry of [LOOPBACK, 'http://127.0.0.1:5173/mfe/remoteEntry.js']) {
    const res = await t.post('/api/releases/admin/previews/', { entry }, { token: t.admin });
    assert.equal(res.status, 201, entry);
    const link = await res.json();
    assert.equal(link.version, null);
    assert.equal(link.entry, entry);
    assert.equal(link.integrity, null);
  }
  for (const entry of [
    'https://localhost:3102/remoteEntry.js',
    'http://localhost/remoteEntry.js',
    'http://evil.example.com:3102/remoteEntry.js',
    'http://localhost.evil.example.com:3102/remoteEntry.js',
    'http://user:pw@localhost:3102/remoteEntry.js',
    'http://localhost:3102/other.js',
    'http://localhost:3102/remoteEntry.js?x=1',
    'http://[::1]:3102/remoteEntry.js',
    'http://127.0.0.2:3102/remoteEntry.js',
    'javascript:alert(1)//remoteEntry.js',
    42,
  ]) {
    const res = await t.post('/api/releases/admin/previews/', { entry }, { token: t.admin });
    assert.equal(res.status, 400, String(entry));
    assert.match((await res.json()).fields.entry, /dev server’s remoteEntry\.js on this machine/);
  }
});

Deno.test('exactly one of a version and an entry is asked for', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  for (const body of [{}, { version: '1.0.0-aaaaaaaa', entry: LOOPBACK }]) {
    const res = await t.post('/api/releases/user/previews/', body, { token: t.admin });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).fields.version, 'Give either a version or an entry, not both.');
  }
});

Deno.test('a deploy key makes links for its own remote with the preview action, and no other', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.0.0-cccccccc');
  const preview = await makeKey(t, { name: 'user-qa', remote: 'user', actions: ['preview'] });
  const publishOnly = await makeKey(t, { name: 'user-ci', remote: 'user', actions: ['publish'] });
  const ask = (remote: string, version: string, token: string) =>
    t.post(`/api/releases/${remote}/previews/`, { version }, { token });

  assert.equal((await ask('user', '1.0.0-aaaaaaaa', preview.key)).status, 201);
  for (const refused of [
    await ask('owner', '1.0.0-cccccccc', preview.key),
    await ask('user', '1.0.0-aaaaaaaa', publishOnly.key),
  ]) {
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).code, 'permission_denied');
  }
  const rows = await t.db.query<{ actor_id: number | null; actor_label: string }>`
    SELECT actor_id, actor_label FROM audit_log WHERE action = 'release.previewed'`;
  assert.deepEqual(rows, [{ actor_id: null, actor_label: 'key:user-qa' }]);
});

Deno.test('only an admin or a deploy key may make a preview link', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const anonymous = await t.post('/api/releases/user/previews/', { version: '1.0.0-aaaaaaaa' });
  assert.equal(anonymous.status, 401);
  await t.createUser({ username: 'cust', email: 'cust@example.com', role: 'user' });
  const { access } = await t.login('cust@example.com');
  const customer = await t.post(
    '/api/releases/user/previews/',
    { version: '1.0.0-aaaaaaaa' },
    { token: access },
  );
  assert.equal(customer.status, 403);
  assert.equal((await customer.json()).code, 'permission_denied');
});

Deno.test('every link made is in the audit log: who, which remote, what and until when', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const made = await (
    await t.post(
      '/api/releases/user/previews/',
      { version: '1.0.0-aaaaaaaa', expires_in_minutes: 5 },
      { token: t.admin },
    )
  ).json();
  const dev = await (
    await t.post('/api/releases/auth/previews/', { entry: LOOPBACK }, { token: t.admin })
  ).json();
  const rows = await t.db.query<{
    actor_id: number;
    actor_label: string;
    entity_kind: string;
    entity_id: string;
    details: unknown;
  }>`
    SELECT actor_id, actor_label, entity_kind, entity_id, details FROM audit_log
     WHERE action = 'release.previewed' ORDER BY id`;
  assert.deepEqual(rows, [
    {
      actor_id: t.adminId,
      actor_label: 'root',
      entity_kind: 'remote',
      entity_id: 'user',
      details: { version: '1.0.0-aaaaaaaa', expires_at: made.expires_at },
    },
    {
      actor_id: t.adminId,
      actor_label: 'root',
      entity_kind: 'remote',
      entity_id: 'auth',
      details: { entry: LOOPBACK, expires_at: dev.expires_at },
    },
  ]);
  // The token itself is never recorded: whoever reads the log cannot open the preview.
  assert.ok(!JSON.stringify(rows).includes(made.token.split('.')[1]));
});

Deno.test('one admin or key makes at most 60 links an hour: the 61st is a 429 and records nothing', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const key = await makeKey(t, { name: 'user-qa', remote: 'user', actions: ['preview'] });
  const ask = (token: string) =>
    t.post('/api/releases/user/previews/', { version: '1.0.0-aaaaaaaa' }, { token });
  for (let i = 0; i < 60; i++) assert.equal((await ask(key.key)).status, 201);

  const refused = await ask(key.key);
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get('Retry-After')) > 0);
  assert.equal((await refused.json()).detail, 'Too many preview links: try again in 60 minutes.');
  const recorded = () => t.db.query`SELECT 1 FROM audit_log WHERE action = 'release.previewed'`;
  assert.equal((await recorded()).length, 60);
  // Each actor counts apart: the admin is not held back by the key.
  assert.equal((await ask(t.admin)).status, 201);
  // An hour later the key may again.
  t.clock.advance(60 * 60_000 + 1_000);
  assert.equal((await ask(key.key)).status, 201);
});
