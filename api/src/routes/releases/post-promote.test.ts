import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test('promote makes the canary stable for everyone and remembers the stable it replaces', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('owner', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  await t.canary('owner', '1.1.0-bbbbbbbb', 30);
  const res = await t.post('/api/releases/owner/promote/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  const { channel } = await res.json();
  assert.equal(channel.stable.version, '1.1.0-bbbbbbbb');
  assert.equal(channel.previous_stable.version, '1.0.0-aaaaaaaa');
  assert.equal(channel.canary, null);
  assert.deepEqual((await t.manifest()).remotes.owner, {
    stable: {
      version: '1.1.0-bbbbbbbb',
      entry: entryOf('owner', '1.1.0-bbbbbbbb'),
      integrity: null,
    },
    canary: null,
    ticket: null,
  });
  const [audit] = (await t.audit()).filter((row) => row.action === 'promote');
  assert.deepEqual(audit, {
    actor_id: t.adminId,
    action: 'promote',
    remote: 'owner',
    before: {
      stable: '1.0.0-aaaaaaaa',
      previous_stable: null,
      canary: '1.1.0-bbbbbbbb',
      canary_percent: 30,
    },
    after: {
      stable: '1.1.0-bbbbbbbb',
      previous_stable: '1.0.0-aaaaaaaa',
      canary: null,
      canary_percent: 0,
    },
    created_at: t.clock(),
  });
});

Deno.test('promote without a canary is a 409', async () => {
  await using t = await createReleasesTestApp();
  for (const setUp of [false, true]) {
    if (setUp) await t.publish('user', '1.0.0-aaaaaaaa');
    const res = await t.post('/api/releases/user/promote/', {}, { token: t.admin });
    assert.equal(res.status, 409);
    const body = await res.json();
    assert.equal(body.detail, 'There is no canary to promote.');
    assert.equal(body.code, 'no_canary');
  }
  assert.deepEqual(
    (await t.audit()).map((row) => row.action),
    ['publish'],
  );
});
