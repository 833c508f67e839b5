import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test("a remote's first release is recorded (201), becomes stable, and is audited", async () => {
  await using t = await createReleasesTestApp();
  const res = await t.post(
    '/api/releases/',
    {
      remote: 'user',
      version: '0.1.0-1a2b3c4d',
      entry: 'http://localhost:3002/0.1.0-1a2b3c4d/remoteEntry.js',
      shared: { react: '19.3.1', zustand: '5.1.0' },
    },
    { token: t.admin },
  );
  assert.equal(res.status, 201);
  const published_at = t.clock().toISOString();
  assert.deepEqual(await res.json(), {
    release: {
      remote: 'user',
      version: '0.1.0-1a2b3c4d',
      entry: 'http://localhost:3002/0.1.0-1a2b3c4d/remoteEntry.js',
      integrity: null,
      shared: { react: '19.3.1', zustand: '5.1.0' },
      published_at,
      published_by: { id: t.adminId, username: 'root' },
    },
    created: true,
    stable: true,
    channel: {
      remote: 'user',
      stable: {
        version: '0.1.0-1a2b3c4d',
        entry: 'http://localhost:3002/0.1.0-1a2b3c4d/remoteEntry.js',
        published_at,
      },
      previous_stable: null,
      canary: null,
      rolled_back_reason: null,
      rolled_back_at: null,
      updated_at: published_at,
    },
  });
  assert.deepEqual(await t.audit(), [
    {
      actor_id: t.adminId,
      action: 'publish',
      remote: 'user',
      before: null,
      after: {
        stable: '0.1.0-1a2b3c4d',
        previous_stable: null,
        canary: null,
        canary_percent: 0,
        published: {
          version: '0.1.0-1a2b3c4d',
          entry: 'http://localhost:3002/0.1.0-1a2b3c4d/remoteEntry.js',
        },
      },
      created_at: t.clock(),
    },
  ]);
});

Deno.test('a later release is recorded without touching stable; publishing it again is a 200 no-op', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  const second = await t.post(
    '/api/releases/',
    { remote: 'user', version: '1.1.0-bbbbbbbb', entry: entryOf('user', '1.1.0-bbbbbbbb') },
    { token: t.admin },
  );
  assert.equal(second.status, 201);
  const body = await second.json();
  assert.equal(body.stable, false);
  assert.equal(body.channel.stable.version, '1.0.0-aaaaaaaa');
  assert.deepEqual(body.release.shared, {});

  const again = await t.post(
    '/api/releases/',
    { remote: 'user', version: '1.1.0-bbbbbbbb', entry: entryOf('user', '1.1.0-bbbbbbbb') },
    { token: t.admin },
  );
  assert.equal(again.status, 200);
  assert.equal((await again.json()).created, false);

  const audit = await t.audit();
  assert.deepEqual(
    audit.map((row) => row.action),
    ['publish', 'publish'],
  );
  assert.deepEqual(audit[1]?.before, {
    stable: '1.0.0-aaaaaaaa',
    previous_stable: null,
    canary: null,
    canary_percent: 0,
  });
  assert.equal((await t.manifest()).remotes.user.stable?.version, '1.0.0-aaaaaaaa');
});

Deno.test('a version already recorded with another entry is a 409: its files never change', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('auth', '1.0.0-aaaaaaaa');
  const res = await t.post(
    '/api/releases/',
    { remote: 'auth', version: '1.0.0-aaaaaaaa', entry: 'https://elsewhere.example.com/e.js' },
    { token: t.admin },
  );
  assert.equal(res.status, 409);
  const body = await res.json();
  assert.equal(body.code, 'version_exists');
  assert.match(body.detail, /^1\.0\.0-aaaaaaaa of auth is already published with another entry/);
  // The same version of another remote is another release.
  await t.publish('owner', '1.0.0-aaaaaaaa');
});

Deno.test('make_stable makes the release stable at once, remembering the previous stable', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 10);
  const body = await t.publish('user', '1.2.0-cccccccc', { make_stable: true });
  assert.equal(body.created, true);
  assert.equal(body.stable, true);
  const channel = body.channel as Record<string, { version: string } | null>;
  assert.equal(channel.stable?.version, '1.2.0-cccccccc');
  assert.equal(channel.previous_stable?.version, '1.0.0-aaaaaaaa');
  // Another canary stays where it was.
  assert.equal(channel.canary?.version, '1.1.0-bbbbbbbb');

  // An existing release made stable again (as `npm start` does with an unchanged build).
  const back = await t.publish('user', '1.0.0-aaaaaaaa', { make_stable: true });
  assert.equal(back.created, false);
  assert.equal(back.stable, true);
  // The canary made stable is no longer a canary.
  const promoted = await t.publish('user', '1.1.0-bbbbbbbb', { make_stable: true });
  assert.equal((promoted.channel as { canary: unknown }).canary, null);
  // Already stable: nothing changes, nothing is audited.
  await t.publish('user', '1.1.0-bbbbbbbb', { make_stable: true });

  const audit = await t.audit();
  assert.deepEqual(
    audit.map((row) => [row.action, row.actor_id]),
    [
      ['publish', t.adminId],
      ['publish', t.adminId],
      ['canary', t.adminId],
      ['publish', t.adminId],
      ['make_stable', t.adminId],
      ['make_stable', t.adminId],
    ],
  );
  assert.deepEqual(audit[5]?.before, {
    stable: '1.0.0-aaaaaaaa',
    previous_stable: '1.2.0-cccccccc',
    canary: '1.1.0-bbbbbbbb',
    canary_percent: 10,
  });
  assert.deepEqual(audit[5]?.after, {
    stable: '1.1.0-bbbbbbbb',
    previous_stable: '1.0.0-aaaaaaaa',
    canary: null,
    canary_percent: 0,
    published: { version: '1.1.0-bbbbbbbb', entry: entryOf('user', '1.1.0-bbbbbbbb') },
  });
});

Deno.test('a release needs a known remote, a version, an http(s) entry and a shared map', async () => {
  await using t = await createReleasesTestApp();
  const unknown = await t.post(
    '/api/releases/',
    { remote: 'billing', version: '1.0.0', entry: 'https://cdn.example.com/e.js' },
    { token: t.admin },
  );
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).detail, 'Unknown remote.');

  const cases: [unknown, string, string][] = [
    [{ remote: 'user', entry: 'https://cdn.example.com/e.js' }, 'version', 'Version is required.'],
    [
      { remote: 'user', version: '../../etc', entry: 'https://cdn.example.com/e.js' },
      'version',
      'Version must be 1 to 64 letters, digits, dots, dashes, underscores or pluses.',
    ],
    [
      { remote: 'user', version: '1.0.0', entry: 'javascript:alert(1)' },
      'entry',
      'Entry must be an http(s) URL of the remote entry.',
    ],
    [
      { remote: 'user', version: '1.0.0', entry: 'https://cdn.example.com/e.js', shared: [] },
      'shared',
      'Shared must map each shared package to the version built with.',
    ],
    [{ version: '1.0.0', entry: 'https://cdn.example.com/e.js' }, 'remote', 'Remote is required.'],
  ];
  for (const [payload, field, message] of cases) {
    const res = await t.post('/api/releases/', payload, { token: t.admin });
    assert.equal(res.status, 400, JSON.stringify(payload));
    assert.equal((await res.json()).fields?.[field], message);
  }
  assert.deepEqual(await t.db.query`SELECT id FROM releases`, []);
  assert.deepEqual(await t.db.query`SELECT id FROM release_audit`, []);
});

Deno.test('publishing the same release from several places at once records it once', async () => {
  await using t = await createReleasesTestApp();
  const body = {
    remote: 'owner',
    version: '2.0.0-eeeeeeee',
    entry: entryOf('owner', '2.0.0-eeeeeeee'),
  };
  const statuses = await Promise.all(
    Array.from({ length: 5 }, () =>
      t.post('/api/releases/', body, { token: t.admin }).then(async (res) => {
        await res.body?.cancel();
        return res.status;
      }),
    ),
  );
  assert.deepEqual(statuses.sort(), [200, 200, 200, 200, 201]);
  assert.deepEqual(
    (await t.audit()).map((row) => row.action),
    ['publish'],
  );
  assert.equal((await t.manifest()).remotes.owner.stable?.version, '2.0.0-eeeeeeee');
});
