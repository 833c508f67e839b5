import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

const PERCENT = 'Percent must be a whole number from 0 to 100.';

Deno.test('a published version becomes the canary for a percentage of browsers', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  const res = await t.post(
    '/api/releases/user/canary/',
    { version: '1.1.0-bbbbbbbb', percent: 10 },
    { token: t.admin },
  );
  assert.equal(res.status, 200);
  const { channel } = await res.json();
  const since = t.clock().toISOString();
  assert.deepEqual(channel.canary, {
    version: '1.1.0-bbbbbbbb',
    entry: entryOf('user', '1.1.0-bbbbbbbb'),
    published_at: since,
    percent: 10,
    since,
  });
  assert.equal(channel.stable.version, '1.0.0-aaaaaaaa');
  assert.deepEqual((await t.manifest()).remotes.user.canary, {
    version: '1.1.0-bbbbbbbb',
    entry: entryOf('user', '1.1.0-bbbbbbbb'),
    integrity: null,
    percent: 10,
  });

  // Raising the percentage keeps the canary's start; both changes are audited.
  t.clock.advance(60_000);
  await t.canary('user', '1.1.0-bbbbbbbb', 50);
  const raised = (await (await t.get('/api/releases/', { token: t.admin })).json()).remotes.user;
  assert.equal(raised.canary.percent, 50);
  assert.equal(raised.canary.since, since);
  const audit = (await t.audit()).filter((row) => row.action === 'canary');
  assert.deepEqual(
    audit.map((row) => [row.actor_id, row.before, row.after]),
    [
      [
        t.adminId,
        { stable: '1.0.0-aaaaaaaa', previous_stable: null, canary: null, canary_percent: 0 },
        {
          stable: '1.0.0-aaaaaaaa',
          previous_stable: null,
          canary: '1.1.0-bbbbbbbb',
          canary_percent: 10,
        },
      ],
      [
        t.adminId,
        {
          stable: '1.0.0-aaaaaaaa',
          previous_stable: null,
          canary: '1.1.0-bbbbbbbb',
          canary_percent: 10,
        },
        {
          stable: '1.0.0-aaaaaaaa',
          previous_stable: null,
          canary: '1.1.0-bbbbbbbb',
          canary_percent: 50,
        },
      ],
    ],
  );
});

Deno.test('the percentage must be a whole number from 0 to 100', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  for (const percent of [-1, 101, 2.5, '10', null, undefined, true]) {
    const res = await t.post(
      '/api/releases/user/canary/',
      { version: '1.1.0-bbbbbbbb', percent },
      { token: t.admin },
    );
    assert.equal(res.status, 400, `percent ${percent}`);
    const body = await res.json();
    assert.equal(body.detail, PERCENT);
    assert.deepEqual(body.fields, { percent: PERCENT });
  }
  for (const percent of [0, 100]) await t.canary('user', '1.1.0-bbbbbbbb', percent);
  assert.deepEqual((await t.audit()).filter((row) => row.action === 'canary').length, 2);
});

Deno.test('an unknown version is a 404 naming it; the stable version cannot be its own canary', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  for (const version of ['1.2.3-abc', '1.1.0-bbbbbbbb']) {
    const res = await t.post(
      '/api/releases/user/canary/',
      { version, percent: 5 },
      { token: t.admin },
    );
    assert.equal(res.status, 404);
    const body = await res.json();
    assert.equal(body.detail, `Unknown version ${version} for user.`);
    assert.equal(body.code, 'unknown_version');
  }
  // A remote with nothing published knows no version either.
  const none = await t.post(
    '/api/releases/admin/canary/',
    { version: '1.0.0-aaaaaaaa', percent: 5 },
    { token: t.admin },
  );
  assert.equal(none.status, 404);

  const stable = await t.post(
    '/api/releases/user/canary/',
    { version: '1.0.0-aaaaaaaa', percent: 5 },
    { token: t.admin },
  );
  assert.equal(stable.status, 409);
  assert.equal(
    (await stable.json()).detail,
    '1.0.0-aaaaaaaa is already the stable version of user.',
  );
  assert.deepEqual(
    (await t.audit()).map((row) => row.action),
    ['publish', 'publish'],
  );
});

Deno.test('a new canary replaces the previous one and clears the note of the last rollback', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('auth', '1.0.0-aaaaaaaa');
  await t.publish('auth', '1.1.0-bbbbbbbb');
  await t.publish('auth', '1.2.0-cccccccc');
  await t.canary('auth', '1.1.0-bbbbbbbb', 20);
  await t.post('/api/releases/auth/rollback/', {}, { token: t.admin });
  const status = async () =>
    (await (await t.get('/api/releases/', { token: t.admin })).json()).remotes.auth;
  assert.equal((await status()).rolled_back_reason, 'Canary 1.1.0-bbbbbbbb rolled back by root.');
  await t.canary('auth', '1.2.0-cccccccc', 30);
  const after = await status();
  assert.equal(after.canary.version, '1.2.0-cccccccc');
  assert.equal(after.rolled_back_reason, null);
  assert.equal(after.rolled_back_at, null);
});
