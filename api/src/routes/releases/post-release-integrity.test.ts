// The entry's integrity (docs/decisions/0037-release-integrity.md): taken when a release is
// recorded, validated, kept once, and handed to the shell in the manifest.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createReleasesTestApp, entryOf, type ReleasesTestApp } from '../../testing/releases.ts';

type Release = { version: string; entry: string; integrity: string | null; percent?: number };
type Remotes = Record<
  'auth' | 'user' | 'owner' | 'admin',
  { stable: Release; canary: Release | null }
>;
type Published = { release: { integrity: string | null } };

/** POST /api/releases/ as the admin, with the entry's integrity (or none). */
async function publish(t: ReleasesTestApp, remote: string, version: string, integrity?: string) {
  const res = await t.post(
    '/api/releases/',
    { remote, version, entry: entryOf(remote, version), integrity },
    { token: t.admin },
  );
  return { status: res.status, body: (await res.json()) as Published };
}

/** The public manifest's remotes. */
async function manifest(t: ReleasesTestApp): Promise<Remotes> {
  return (await (await t.get('/api/releases/manifest/')).json()).remotes;
}

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const V1 = sri('version 1 entry');
const V2 = sri('version 2 entry');

Deno.test("a release's integrity is recorded and carried in the manifest for stable and canary", async () => {
  await using t = await createReleasesTestApp();
  const first = await publish(t, 'user', '1.0.0-aaaaaaaa', V1);
  assert.equal(first.status, 201);
  assert.equal(first.body.release.integrity, V1);
  await publish(t, 'user', '1.1.0-bbbbbbbb', V2);
  await t.canary('user', '1.1.0-bbbbbbbb', 30);
  // Recorded before integrity was kept (an older CLI): null, loaded unchecked.
  await publish(t, 'owner', '0.9.0-cccccccc');

  const remotes = await manifest(t);
  assert.deepEqual(remotes.user.stable, {
    version: '1.0.0-aaaaaaaa',
    entry: entryOf('user', '1.0.0-aaaaaaaa'),
    integrity: V1,
  });
  assert.deepEqual(remotes.user.canary, {
    version: '1.1.0-bbbbbbbb',
    entry: entryOf('user', '1.1.0-bbbbbbbb'),
    integrity: V2,
    percent: 30,
  });
  assert.equal(remotes.owner.stable.integrity, null);
  assert.deepEqual(await t.db.query`SELECT version, integrity FROM releases ORDER BY id`, [
    { version: '1.0.0-aaaaaaaa', integrity: V1 },
    { version: '1.1.0-bbbbbbbb', integrity: V2 },
    { version: '0.9.0-cccccccc', integrity: null },
  ]);

  const versions = await t.get('/api/releases/user/versions/', { token: t.admin });
  const listed = (await versions.json()).versions.map((v: { integrity: string }) => v.integrity);
  assert.deepEqual(listed, [V2, V1]);
});

Deno.test('the same version with other bytes (another integrity) is a 409 and changes nothing', async () => {
  await using t = await createReleasesTestApp();
  await publish(t, 'user', '1.0.0-aaaaaaaa', V1);
  const other = await t.post(
    '/api/releases/',
    {
      remote: 'user',
      version: '1.0.0-aaaaaaaa',
      entry: entryOf('user', '1.0.0-aaaaaaaa'),
      integrity: V2,
    },
    { token: t.admin },
  );
  assert.equal(other.status, 409);
  const body = await other.json();
  assert.equal(body.code, 'version_exists');
  assert.equal(
    body.detail,
    "1.0.0-aaaaaaaa of user is already published with other bytes (another integrity); a version's files never change, so publish a new version.",
  );
  // The same bytes again, or a client that sends no integrity: the 200 no-op it always was.
  const same = await t.post(
    '/api/releases/',
    {
      remote: 'user',
      version: '1.0.0-aaaaaaaa',
      entry: entryOf('user', '1.0.0-aaaaaaaa'),
      integrity: V1,
    },
    { token: t.admin },
  );
  assert.equal(same.status, 200);
  const without = await publish(t, 'user', '1.0.0-aaaaaaaa');
  assert.equal(without.status, 200);
  assert.equal(without.body.release.integrity, V1);
  assert.deepEqual(await t.db.query`SELECT integrity FROM releases`, [{ integrity: V1 }]);
  assert.equal((await t.audit()).length, 1);
});

Deno.test('a release recorded without integrity gets it from its next publish, once', async () => {
  await using t = await createReleasesTestApp();
  await publish(t, 'admin', '2.0.0-dddddddd');
  assert.equal((await manifest(t)).admin.stable.integrity, null);
  const filled = await publish(t, 'admin', '2.0.0-dddddddd', V1);
  assert.equal(filled.status, 200);
  assert.equal(filled.body.release.integrity, V1);
  assert.equal((await manifest(t)).admin.stable.integrity, V1);
  // Who recorded it is in the audit log, once.
  const recorded = await t.db.query<{ actor_label: string; details: unknown }>`
    SELECT actor_label, details FROM audit_log
     WHERE action = 'release.published' AND details ? 'integrity'`;
  assert.deepEqual(recorded, [
    {
      actor_label: 'root',
      details: {
        published: { version: '2.0.0-dddddddd', entry: entryOf('admin', '2.0.0-dddddddd') },
        integrity: V1,
      },
    },
  ]);
  assert.equal((await publish(t, 'admin', '2.0.0-dddddddd', V1)).status, 200);
  assert.equal(
    (await t.db.query`SELECT 1 FROM audit_log WHERE details ? 'integrity'`).length,
    1,
    'publishing the same bytes again records nothing more',
  );
  // Once set it never changes.
  const res = await t.post(
    '/api/releases/',
    {
      remote: 'admin',
      version: '2.0.0-dddddddd',
      entry: entryOf('admin', '2.0.0-dddddddd'),
      integrity: V2,
    },
    { token: t.admin },
  );
  assert.equal(res.status, 409);
  assert.equal((await manifest(t)).admin.stable.integrity, V1);
});

Deno.test('an integrity other than sha384-<64 base64 characters> is refused with a 400', async () => {
  await using t = await createReleasesTestApp();
  const sha256 = `sha256-${createHash('sha256').update('x').digest('base64')}`;
  const bad = [
    sha256,
    V1.slice(0, -1),
    `${V1}A`,
    V1.replace('sha384-', 'SHA384-'),
    `${V1} sha384-${'A'.repeat(64)}`,
    `sha384-${'!'.repeat(64)}`,
    V1.replace(/^sha384-./, 'sha384-\u0000'),
    '',
    384,
    null,
  ];
  for (const integrity of bad) {
    const res = await t.post(
      '/api/releases/',
      {
        remote: 'user',
        version: '1.0.0-aaaaaaaa',
        entry: entryOf('user', '1.0.0-aaaaaaaa'),
        integrity,
      },
      { token: t.admin },
    );
    assert.equal(res.status, 400, JSON.stringify(integrity));
    assert.equal(
      (await res.json()).fields?.integrity,
      'Integrity must be the SHA-384 of the entry as sha384-<64 base64 characters>.',
    );
  }
  assert.deepEqual(await t.db.query`SELECT id FROM releases`, []);
});
