import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test('rollback drops the canary when there is one, leaving stable alone', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 40);
  const res = await t.post('/api/releases/user/rollback/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  const { channel } = await res.json();
  assert.equal(channel.canary, null);
  assert.equal(channel.stable.version, '1.0.0-aaaaaaaa');
  assert.equal(channel.rolled_back_reason, 'Canary 1.1.0-bbbbbbbb rolled back by root.');
  assert.equal(channel.rolled_back_at, t.clock().toISOString());
  assert.deepEqual((await t.manifest()).remotes.user, {
    stable: {
      version: '1.0.0-aaaaaaaa',
      entry: entryOf('user', '1.0.0-aaaaaaaa'),
      integrity: null,
    },
    canary: null,
    ticket: null,
  });
  const last = (await t.audit()).at(-1);
  assert.equal(last?.action, 'rollback_canary');
  assert.equal(last?.actor_id, t.adminId);
  assert.deepEqual(last?.before, {
    stable: '1.0.0-aaaaaaaa',
    previous_stable: null,
    canary: '1.1.0-bbbbbbbb',
    canary_percent: 40,
  });
  assert.deepEqual(last?.after, {
    stable: '1.0.0-aaaaaaaa',
    previous_stable: null,
    canary: null,
    canary_percent: 0,
  });
});

Deno.test('without a canary, rollback returns stable to the previous version, once', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('admin', '1.0.0-aaaaaaaa');
  await t.publish('admin', '1.1.0-bbbbbbbb');
  await t.canary('admin', '1.1.0-bbbbbbbb', 100);
  await t.post('/api/releases/admin/promote/', {}, { token: t.admin });
  assert.equal((await t.manifest()).remotes.admin.stable?.version, '1.1.0-bbbbbbbb');

  const res = await t.post('/api/releases/admin/rollback/', {}, { token: t.admin });
  assert.equal(res.status, 200);
  const { channel } = await res.json();
  assert.equal(channel.stable.version, '1.0.0-aaaaaaaa');
  assert.equal(channel.previous_stable, null);
  assert.equal(
    channel.rolled_back_reason,
    'Stable 1.1.0-bbbbbbbb rolled back to 1.0.0-aaaaaaaa by root.',
  );
  assert.deepEqual((await t.manifest()).remotes.admin, {
    stable: {
      version: '1.0.0-aaaaaaaa',
      entry: entryOf('admin', '1.0.0-aaaaaaaa'),
      integrity: null,
    },
    canary: null,
    ticket: null,
  });
  const last = (await t.audit()).at(-1);
  assert.equal(last?.action, 'rollback_stable');
  assert.deepEqual(last?.before, {
    stable: '1.1.0-bbbbbbbb',
    previous_stable: '1.0.0-aaaaaaaa',
    canary: null,
    canary_percent: 0,
  });
  assert.deepEqual(last?.after, {
    stable: '1.0.0-aaaaaaaa',
    previous_stable: null,
    canary: null,
    canary_percent: 0,
  });

  const again = await t.post('/api/releases/admin/rollback/', {}, { token: t.admin });
  assert.equal(again.status, 409);
  const body = await again.json();
  assert.equal(body.detail, 'There is no earlier stable version to return to.');
  assert.equal(body.code, 'no_earlier_stable');
});

Deno.test('rollback with nothing published is a 409', async () => {
  await using t = await createReleasesTestApp();
  const res = await t.post('/api/releases/auth/rollback/', {}, { token: t.admin });
  assert.equal(res.status, 409);
  assert.equal((await res.json()).detail, 'There is no earlier stable version to return to.');
  assert.deepEqual(await t.audit(), []);
});
