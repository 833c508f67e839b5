import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test('the status shows every remote: stable, previous, canary, how each version fared, and the audit log', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb', { make_stable: true });
  await t.publish('user', '1.2.0-cccccccc');
  await t.canary('user', '1.2.0-cccccccc', 15);
  await t.report('user', '1.2.0-cccccccc', 'loaded', 3);
  await t.report('user', '1.2.0-cccccccc', 'loaded');
  await t.report('user', '1.2.0-cccccccc', 'render_failed');
  await t.report('user', '1.1.0-bbbbbbbb', 'load_failed', 2);

  const res = await t.get('/api/releases/', { token: t.admin });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body.remotes), ['auth', 'user', 'owner', 'admin']);
  assert.deepEqual(body.remotes.auth, {
    remote: 'auth',
    stable: null,
    previous_stable: null,
    canary: null,
    rolled_back_reason: null,
    rolled_back_at: null,
    updated_at: null,
  });
  const user = body.remotes.user;
  assert.equal(user.stable.version, '1.1.0-bbbbbbbb');
  assert.equal(user.stable.entry, entryOf('user', '1.1.0-bbbbbbbb'));
  assert.deepEqual(user.stable.events, {
    recent: { loads: 2, failures: 2 },
    all: { loads: 2, failures: 2 },
  });
  assert.equal(user.previous_stable.version, '1.0.0-aaaaaaaa');
  assert.deepEqual(user.previous_stable.events, {
    recent: { loads: 0, failures: 0 },
    all: { loads: 0, failures: 0 },
  });
  assert.equal(user.canary.version, '1.2.0-cccccccc');
  assert.equal(user.canary.percent, 15);
  assert.deepEqual(user.canary.events, {
    recent: { loads: 4, failures: 1 },
    all: { loads: 4, failures: 1 },
  });
  assert.deepEqual(body.auto_rollback, { window: 20, min_loads: 5, failure_rate: 0.5 });

  // Newest first, with who did it.
  assert.deepEqual(
    body.audit.map((row: { action: string; actor: unknown; remote: string }) => [
      row.action,
      row.actor,
      row.remote,
    ]),
    [
      ['canary', { id: t.adminId, username: 'root' }, 'user'],
      ['publish', { id: t.adminId, username: 'root' }, 'user'],
      ['publish', { id: t.adminId, username: 'root' }, 'user'],
      ['publish', { id: t.adminId, username: 'root' }, 'user'],
    ],
  );
  assert.deepEqual(body.audit[0].after, {
    stable: '1.1.0-bbbbbbbb',
    previous_stable: '1.0.0-aaaaaaaa',
    canary: '1.2.0-cccccccc',
    canary_percent: 15,
  });
});

Deno.test('the status lists only the newest 20 audit rows, and counts only the last 20 events as recent', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('owner', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  for (let i = 0; i < 25; i++) {
    await t.canary('owner', '1.1.0-bbbbbbbb', i);
    t.clock.advance(1000);
  }
  await t.report('owner', '1.0.0-aaaaaaaa', 'load_failed', 5);
  await t.report('owner', '1.0.0-aaaaaaaa', 'loaded', 20);
  const body = await (await t.get('/api/releases/', { token: t.admin })).json();
  assert.equal(body.audit.length, 20);
  assert.equal(body.audit[0].after.canary_percent, 24);
  assert.deepEqual(body.remotes.owner.stable.events, {
    recent: { loads: 20, failures: 0 },
    all: { loads: 25, failures: 5 },
  });
});
