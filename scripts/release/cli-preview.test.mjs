// The release CLI end to end: `preview` against a real API (release/cli-harness.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  apiUrlOf,
  assertFailed,
  cli,
  fakeBuild,
  fakeRepo,
  manifest,
  published,
  useReleaseApi,
} from './cli-harness.mjs';

useReleaseApi();

const LINK = /^ {2}(http:\/\/localhost:3000\/\?preview=(\S+))$/m;

test('preview prints a link that loads that version, until it expires, and changes nobody else', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'owner', { version: '1.0.0', body: 'owner-stable' });
  const stable = await published(root, 'owner');
  await fakeBuild(root, 'owner', { version: '1.1.0', body: 'owner-next' });
  const next = await published(root, 'owner');

  const before = Date.now();
  const r = await cli(root, ['preview', 'owner', next, '--minutes', '5']);
  assert.equal(r.code, 0, r.stderr);
  const [, url, token] = LINK.exec(r.stdout) ?? [];
  assert.ok(url && token, r.stdout);
  assert.match(
    r.stdout,
    new RegExp(`^Preview of mfe-owner ${next}, until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC:`),
  );
  assert.match(r.stdout, /only that browser changes/);

  const answer = await fetch(`${apiUrlOf()}/releases/previews/${token}/`);
  assert.equal(answer.status, 200);
  const body = await answer.json();
  assert.equal(body.remote, 'owner');
  assert.equal(body.version, next);
  assert.equal(body.entry, `http://localhost:3003/${next}/remoteEntry.js`);
  const minutes = (Date.parse(body.expires_at) - before) / 60_000;
  assert.ok(minutes > 4.9 && minutes < 5.1, `expires in ${minutes} min`);
  // Everyone else still gets stable.
  assert.equal((await manifest()).owner.stable.version, stable);
  assert.equal((await manifest()).owner.canary, null);
});

test('preview refuses an unknown version or remote, bad minutes and wrong usage', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'auth', { version: '1.0.0', body: 'auth-one' });
  const version = await published(root, 'auth');
  assertFailed(
    await cli(root, ['preview', 'auth', '9.9.9-deadbeef']),
    1,
    'Unknown version 9.9.9-deadbeef for auth.',
  );
  assertFailed(
    await cli(root, ['preview', 'cinema', version]),
    1,
    'Unknown remote cinema. The remotes are: auth, user, owner, admin.',
  );
  for (const minutes of ['0', '1441', '2.5', 'soon']) {
    assertFailed(
      await cli(root, ['preview', 'auth', version, `--minutes=${minutes}`]),
      1,
      `Minutes must be a whole number from 1 to 1440 (got "${minutes}").`,
    );
  }
  assertFailed(await cli(root, ['preview', 'auth']), 2, /^preview needs <remote> <version>/);
  assertFailed(
    await cli(root, ['status', '--minutes', '5']),
    2,
    /^--minutes is only for preview\./,
  );
});
