import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test("a remote's versions are listed newest first, marked stable or canary", async () => {
  await using t = await createReleasesTestApp();
  await t.publish('auth', '1.0.0-aaaaaaaa', { shared: { react: '19.3.1' } });
  t.clock.advance(1000);
  await t.publish('auth', '1.1.0-bbbbbbbb');
  t.clock.advance(1000);
  await t.publish('auth', '1.2.0-cccccccc');
  await t.publish('user', '9.0.0-dddddddd');
  await t.canary('auth', '1.1.0-bbbbbbbb', 5);

  const res = await t.get('/api/releases/auth/versions/', { token: t.admin });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.remote, 'auth');
  assert.deepEqual(
    body.versions.map((v: { version: string; stable: boolean; canary: boolean }) => [
      v.version,
      v.stable,
      v.canary,
    ]),
    [
      ['1.2.0-cccccccc', false, false],
      ['1.1.0-bbbbbbbb', false, true],
      ['1.0.0-aaaaaaaa', true, false],
    ],
  );
  assert.deepEqual(body.versions[2], {
    remote: 'auth',
    version: '1.0.0-aaaaaaaa',
    entry: entryOf('auth', '1.0.0-aaaaaaaa'),
    integrity: null,
    shared: { react: '19.3.1' },
    published_at: new Date(t.clock().getTime() - 2000).toISOString(),
    published_by: { id: t.adminId, username: 'root' },
    stable: true,
    canary: false,
  });

  const none = await t.get('/api/releases/admin/versions/', { token: t.admin });
  assert.deepEqual(await none.json(), { remote: 'admin', versions: [] });
});
