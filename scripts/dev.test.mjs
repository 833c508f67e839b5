// `npm run dev -- <remote>`: its command line and the dev server's port (the dev server and the
// link are exercised by hand and by e2e/tests/preview.spec.ts's API half).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEV_PREVIEW_MINUTES, devPort, parseDevArgs } from './dev.mjs';

describe('npm run dev', () => {
  test('without a name runs everything; with one, only that remote (mfe-user works too)', () => {
    assert.deepEqual(parseDevArgs([]), { remote: null, minutes: DEV_PREVIEW_MINUTES });
    assert.deepEqual(parseDevArgs(['mfe-user']), { remote: 'user', minutes: DEV_PREVIEW_MINUTES });
    assert.deepEqual(parseDevArgs(['owner', '--minutes', '90']), { remote: 'owner', minutes: 90 });
    assert.deepEqual(parseDevArgs(['--minutes=30', 'auth']), { remote: 'auth', minutes: 30 });
  });

  test('refuses an unknown remote, a second one, bad minutes, and minutes without a remote', () => {
    assert.throws(() => parseDevArgs(['shop']), /Unknown remote shop\. The remotes are/);
    assert.throws(() => parseDevArgs(['user', 'owner']), /Unexpected argument owner/);
    assert.throws(() => parseDevArgs(['user', '--minutes', '0']), /from 1 to 1440/);
    assert.throws(() => parseDevArgs(['--minutes', '30']), /only for a remote's dev server/);
    assert.throws(() => parseDevArgs(['user', '--watch']), /Unexpected argument --watch/);
  });

  test('serves on MFE_<REMOTE>_PORT, else the usual port, else a free one beside npm start', async () => {
    assert.equal(await devPort('user', { MFE_USER_PORT: '4555' }, async () => 'taken'), 4555);
    assert.equal(await devPort('user', {}, async () => true), 3002);
    const other = await devPort('user', {}, async () => 'taken');
    assert.ok(other !== 3002 && other > 1023, String(other));
  });
});
