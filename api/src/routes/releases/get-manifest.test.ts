import assert from 'node:assert/strict';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test('the manifest is public, briefly cached, and names every remote even before any release', async () => {
  await using t = await createReleasesTestApp();
  const res = await t.get('/api/releases/manifest');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('Cache-Control'), 'public, max-age=15');
  assert.deepEqual(await res.json(), {
    remotes: {
      auth: { stable: null, canary: null },
      user: { stable: null, canary: null },
      owner: { stable: null, canary: null },
      admin: { stable: null, canary: null },
    },
  });
});

Deno.test('the manifest gives each remote its stable entry and its canary with the percentage', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 25);
  await t.publish('admin', '0.1.0-cccccccc', {
    entry: 'http://localhost:3004/0.1.0-cccccccc/remoteEntry.js',
  });

  assert.deepEqual(await t.manifest(), {
    remotes: {
      auth: { stable: null, canary: null },
      user: {
        stable: { version: '1.0.0-aaaaaaaa', entry: entryOf('user', '1.0.0-aaaaaaaa') },
        canary: {
          version: '1.1.0-bbbbbbbb',
          entry: entryOf('user', '1.1.0-bbbbbbbb'),
          percent: 25,
        },
      },
      owner: { stable: null, canary: null },
      admin: {
        stable: {
          version: '0.1.0-cccccccc',
          entry: 'http://localhost:3004/0.1.0-cccccccc/remoteEntry.js',
        },
        canary: null,
      },
    },
  });
});

Deno.test('a canary at 0 percent is left out of the manifest', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('owner', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  await t.canary('owner', '1.1.0-bbbbbbbb', 0);
  assert.equal((await t.manifest()).remotes.owner.canary, null);
});
