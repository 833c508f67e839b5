import assert from 'node:assert/strict';
import { del, makeKey, releaseLog } from '../../testing/deploy-keys.ts';
import { createReleasesTestApp } from '../../testing/releases.ts';

Deno.test('a revoked key is refused at once; revoking twice is a 409, an unknown id a 404', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const { key, id } = await makeKey(t, { name: 'user-ci', remote: 'user', actions: ['publish'] });
  assert.equal((await t.get('/api/releases/user/versions/', { token: key })).status, 200);

  t.clock.advance(5_000);
  const res = await del(t, `/api/releases/keys/${id}/`, t.admin);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.state, 'revoked');
  assert.equal(body.revoked_at, t.clock().toISOString());
  assert.equal(body.revoked_by, 'root');

  const refused = await t.get('/api/releases/user/versions/', { token: key });
  assert.equal(refused.status, 401);
  assert.equal((await refused.json()).detail, 'Deploy key revoked.');

  const again = await del(t, `/api/releases/keys/${id}/`, t.admin);
  assert.equal(again.status, 409);
  assert.equal((await again.json()).code, 'deploy_key_revoked');
  const unknown = await del(t, '/api/releases/keys/9999/', t.admin);
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).code, 'deploy_key_not_found');

  const log = (await releaseLog(t)).filter((r) => r.entity_kind === 'deploy_key');
  assert.deepEqual(
    log.map((r) => [r.action, r.actor_label, r.entity_id, r.details]),
    [
      [
        'deploy_key.created',
        'root',
        String(id),
        {
          name: 'user-ci',
          remote: 'user',
          actions: ['publish'],
          expires_at: new Date(t.clock().getTime() - 5_000 + 30 * 86_400_000).toISOString(),
        },
      ],
      ['deploy_key.revoked', 'root', String(id), { name: 'user-ci', remote: 'user' }],
    ],
  );
});

Deno.test('ten revocations of one key at once: one 200, nine 409s, one record', async () => {
  await using t = await createReleasesTestApp();
  const { id } = await makeKey(t, { name: 'user-ci', remote: 'user', actions: ['publish'] });
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => del(t, `/api/releases/keys/${id}/`, t.admin)),
  );
  assert.deepEqual(answers.map((res) => res.status).sort(), [200, ...Array(9).fill(409)]);
  const revoked = (await releaseLog(t)).filter((r) => r.action === 'deploy_key.revoked');
  assert.equal(revoked.length, 1);
});
