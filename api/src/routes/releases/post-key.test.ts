import assert from 'node:assert/strict';
import { sha256Hex } from '../../auth/secrets.ts';
import { del, makeKey, releaseLog } from '../../testing/deploy-keys.ts';
import { createReleasesTestApp } from '../../testing/releases.ts';

Deno.test('an admin creates a deploy key: shown once, only its SHA-256 is stored', async () => {
  await using t = await createReleasesTestApp();
  const res = await t.post(
    '/api/releases/keys/',
    { name: 'owner-ci', remote: 'owner', actions: ['publish', 'canary'], expires_in_days: 90 },
    { token: t.admin },
  );
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.match(body.key, /^cdk_[A-Za-z0-9_-]{43}$/);
  assert.equal(body.name, 'owner-ci');
  assert.equal(body.remote, 'owner');
  assert.deepEqual(body.actions, ['publish', 'canary']);
  assert.equal(body.state, 'active');
  assert.equal(body.created_by, 'root');
  assert.equal(body.revoked_at, null);
  assert.equal(body.last_used_at, null);
  assert.equal(body.created_at, t.clock().toISOString());
  assert.equal(body.expires_at, new Date(t.clock().getTime() + 90 * 86_400_000).toISOString());

  const second = await makeKey(t, { name: 'owner-ci-2', remote: 'owner', actions: ['publish'] });
  assert.notEqual(second.key, body.key);

  // The table holds neither key, in any column; it holds their SHA-256.
  const rows = await t.db.query<Record<string, unknown>>`SELECT * FROM deploy_keys ORDER BY id`;
  const dump = JSON.stringify(rows);
  assert.ok(!dump.includes(body.key) && !dump.includes(body.key.slice(4)));
  assert.ok(!dump.includes(second.key.slice(4)));
  assert.deepEqual(
    rows.map((r) => r.secret_sha256),
    [sha256Hex(body.key), sha256Hex(second.key)],
  );

  // The list never shows a key, newest first.
  const list = await (await t.get('/api/releases/keys/', { token: t.admin })).json();
  assert.deepEqual(
    list.results.map((k: { name: string }) => k.name),
    ['owner-ci-2', 'owner-ci'],
  );
  assert.ok(!JSON.stringify(list).includes('cdk_'));

  // Recorded, once each, by the admin, without the secret.
  const log = await releaseLog(t);
  assert.deepEqual(
    log.map((r) => [r.action, r.actor_label, r.details.name]),
    [
      ['deploy_key.created', 'root', 'owner-ci'],
      ['deploy_key.created', 'root', 'owner-ci-2'],
    ],
  );
  assert.ok(!JSON.stringify(log).includes('cdk_'));
});

Deno.test('bad input is a 400 naming each field; a taken name is a 409', async () => {
  await using t = await createReleasesTestApp();
  const bad = await t.post(
    '/api/releases/keys/',
    { name: 'Owner CI', remote: 'shop', actions: ['publish', 'publish'], expires_in_days: 400 },
    { token: t.admin },
  );
  assert.equal(bad.status, 400);
  const { fields } = await bad.json();
  assert.deepEqual(Object.keys(fields).sort(), ['actions', 'expires_in_days', 'name', 'remote']);
  assert.equal(fields.expires_in_days, 'A whole number of days from 1 to 365.');
  const none = await t.post(
    '/api/releases/keys/',
    { name: 'x', remote: 'user', actions: [], expires_in_days: 1 },
    { token: t.admin },
  );
  assert.equal(none.status, 400);
  assert.ok((await none.json()).fields.actions);

  await makeKey(t, { name: 'user-ci', remote: 'user', actions: ['publish'] });
  const taken = await t.post(
    '/api/releases/keys/',
    { name: 'user-ci', remote: 'admin', actions: ['publish'], expires_in_days: 5 },
    { token: t.admin },
  );
  assert.equal(taken.status, 409);
  assert.equal((await taken.json()).code, 'deploy_key_name_taken');
  assert.equal((await t.db.query`SELECT 1 FROM deploy_keys`).length, 1);
});

Deno.test('the keys routes are for admin users: a key, even with every action, gets 403', async () => {
  await using t = await createReleasesTestApp();
  const all = ['publish', 'preview', 'canary', 'rollout', 'promote', 'rollback'];
  const { key, id } = await makeKey(t, { name: 'all', remote: 'user', actions: all });
  for (const res of [
    await t.get('/api/releases/keys/', { token: key }),
    await t.post(
      '/api/releases/keys/',
      { name: 'escalated', remote: 'admin', actions: all, expires_in_days: 365 },
      { token: key },
    ),
    await del(t, `/api/releases/keys/${id}/`, key),
  ]) {
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, 'permission_denied');
  }
  assert.equal((await t.db.query`SELECT 1 FROM deploy_keys`).length, 1);

  await t.createUser({ username: 'olive', email: 'olive@example.com', role: 'owner' });
  const { access } = await t.login('olive@example.com');
  assert.equal((await t.get('/api/releases/keys/', { token: access })).status, 403);
  assert.equal((await t.get('/api/releases/keys/')).status, 401);
});

Deno.test('ten creations of one name at once: one key, one record, nine 409s', async () => {
  await using t = await createReleasesTestApp();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      t.post(
        '/api/releases/keys/',
        { name: 'owner-ci', remote: 'owner', actions: ['publish'], expires_in_days: 30 },
        { token: t.admin },
      ),
    ),
  );
  const statuses = answers.map((res) => res.status).sort();
  assert.deepEqual(statuses, [201, ...Array(9).fill(409)]);
  for (const res of answers.filter((r) => r.status === 409)) {
    assert.equal((await res.json()).code, 'deploy_key_name_taken');
  }
  const keys = await t.db.query<{ name: string }>`SELECT name FROM deploy_keys`;
  assert.deepEqual(keys, [{ name: 'owner-ci' }]);
  const created = (await releaseLog(t)).filter((r) => r.action === 'deploy_key.created');
  assert.equal(created.length, 1);
});
