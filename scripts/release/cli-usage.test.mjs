// The release CLI end to end, part one: its usage, `publish` (the build copied under its version
// and recorded) and what it says on wrong credentials or an unreachable API. Against a real API
// (release/cli-harness.mjs).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { freePort } from '../postgres.mjs';
import {
  ADMIN,
  assertFailed,
  cli,
  fakeBuild,
  fakeRepo,
  manifest,
  optionsFor,
  published,
  useReleaseApi,
} from './cli-harness.mjs';
import { publish, status } from './commands.mjs';
import { listFiles } from './store.mjs';

useReleaseApi();

// ---- usage -------------------------------------------------------------------------------------

test('--help prints the commands (exit 0); no command or a wrong one is a usage error (exit 2)', async () => {
  const root = await fakeRepo();
  for (const args of [['--help'], ['-h'], ['help'], ['status', '--help']]) {
    const r = await cli(root, args);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage: npm run release -- <command>/);
    for (const command of [
      'publish <remote>',
      'canary <remote> <version> --percent N',
      'promote <remote>',
      'rollback <remote>',
      'status',
    ]) {
      assert.ok(r.stdout.includes(command), command);
    }
  }
  const none = await cli(root, []);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /^Usage: npm run release/);

  const usage = [
    [['deploy', 'user'], 'Unknown command deploy.'],
    [['publish'], 'publish needs <remote>: npm run release -- publish <remote>'],
    [
      ['publish', 'user', 'auth'],
      'Too many arguments for publish: npm run release -- publish <remote>',
    ],
    [
      ['canary', 'user', '1.0.0-aaaaaaaa'],
      'canary needs --percent N: npm run release -- canary user 1.0.0-aaaaaaaa --percent 10',
    ],
    [
      ['canary', 'user', '--percent', '10'],
      'canary needs <remote> <version>: npm run release -- canary <remote> <version>',
    ],
    [['canary', 'user', '1.0.0', '--percent'], '--percent needs a value.'],
    [['status', '--force'], 'Unknown option --force.'],
    [['promote', 'user', '--percent', '5'], '--percent is only for canary.'],
  ];
  for (const [args, message] of usage) {
    assertFailed(
      await cli(root, args),
      2,
      `${message}\nRun npm run release -- --help for the commands.`,
    );
  }
});

// ---- publish -----------------------------------------------------------------------------------

test('publish copies the build under its version, records it, and the first release becomes stable', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'auth', { version: '2.3.0', body: 'auth-first' });
  const r = await cli(root, ['publish', 'auth']);
  assert.equal(r.code, 0, r.stderr);
  const version = /^mfe-auth (2\.3\.0-[0-9a-f]{8}) published to /.exec(r.stdout)?.[1];
  assert.ok(version, r.stdout);
  assert.equal(
    r.stdout,
    [
      `mfe-auth ${version} published to ${path.join('releases', 'mfe-auth', version)}`,
      `  entry http://localhost:3001/${version}/remoteEntry.js`,
      '  recorded in the registry; it is the stable version',
    ].join('\n'),
  );
  // The build's files, beside the compressed twins the store gives them (store.test.mjs).
  const stored = await listFiles(path.join(root, 'releases', 'mfe-auth', version));
  assert.deepEqual(
    stored.filter((file) => !/\.(br|gz)$/.test(file)),
    ['index.html', 'integrity.json', 'mf-manifest.json', 'remoteEntry.js', 'static/js/app.js'],
  );
  // The entry's SHA-384 as the browser computes it, recorded and handed out by the manifest.
  const entryBytes = await readFile(
    path.join(root, 'releases', 'mfe-auth', version, 'remoteEntry.js'),
  );
  const integrity = `sha384-${createHash('sha384').update(entryBytes).digest('base64')}`;
  assert.deepEqual((await manifest()).auth, {
    stable: { version, entry: `http://localhost:3001/${version}/remoteEntry.js`, integrity },
    canary: null,
    ticket: null,
  });

  // Publishing the same build again changes nothing.
  const again = await cli(root, ['publish', 'mfe-auth']);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, new RegExp(`^mfe-auth ${version} was already in `));
  assert.match(again.stdout, /already recorded in the registry; it is the stable version$/);
});

test('publish uses RELEASES_BASE_URL_<REMOTE> for the entry, and a later release is not stable', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'owner', { body: 'owner-1' });
  const first = await published(root, 'owner');
  await fakeBuild(root, 'owner', { body: 'owner-2' });
  const r = await cli(root, ['publish', 'owner'], {
    RELEASES_BASE_URL_OWNER: 'https://cdn.example.com/mfe-owner/',
  });
  assert.equal(r.code, 0, r.stderr);
  const second = /^mfe-owner (\S+) /.exec(r.stdout)?.[1];
  assert.notEqual(second, first);
  assert.ok(
    r.stdout.includes(`  entry https://cdn.example.com/mfe-owner/${second}/remoteEntry.js`),
  );
  assert.ok(
    r.stdout.endsWith(
      `; stable is ${first}. Try it: npm run release -- canary owner ${second} --percent 10`,
    ),
    r.stdout,
  );
  assert.equal((await manifest()).owner.stable.version, first);
});

test('publish refuses an unknown remote, a remote without a build, and a build the shell cannot host', async () => {
  const root = await fakeRepo();
  assertFailed(
    await cli(root, ['publish', 'billing']),
    1,
    'Unknown remote billing. The remotes are: auth, user, owner, admin.',
  );
  assertFailed(
    await cli(root, ['publish', 'user']),
    1,
    'mfe-user has no build; run npm run build first (or node scripts/build.mjs mfe-user)',
  );

  // Built against React 18 while the shell provides 19.3.1.
  await fakeBuild(root, 'user', {
    body: 'react-18',
    shared: { react: '18.3.1', 'react-dom': '18.3.1', zustand: '5.1.0' },
  });
  assertFailed(
    await cli(root, ['publish', 'user']),
    1,
    [
      'mfe-user was built against react ^18.0.0, but the shell provides react 19.3.1.',
      'mfe-user was built against react-dom ^18.0.0, but the shell provides react-dom 19.3.1.',
      "Not published: rebuild mfe-user against the shell's versions (checked against the shell build).",
    ].join('\n'),
  );
  // Nothing was copied or recorded.
  assert.deepEqual(
    await listFiles(root).then((files) => files.filter((f) => f.startsWith('releases/'))),
    [],
  );
  const versions = await status(optionsFor(root));
  assert.equal(versions.remotes.user.stable, null);
});

test('publish refuses to overwrite a published version whose files were changed', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'admin', { body: 'admin-tampered' });
  const version = await published(root, 'admin');
  await writeFile(path.join(root, 'releases', 'mfe-admin', version, 'static', 'js', 'app.js'), 'x');
  assertFailed(
    await cli(root, ['publish', 'admin']),
    1,
    new RegExp(
      `^${version.replaceAll('.', '\\.')} of mfe-admin already exists with other files; a published version never changes`,
    ),
  );
});

test('publish refuses a published version whose integrity.json no longer matches its files', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'owner', { body: 'owner-integrity' });
  const version = await published(root, 'owner');
  const file = path.join(root, 'releases', 'mfe-owner', version, 'integrity.json');
  const recorded = JSON.parse(await readFile(file, 'utf8'));
  recorded.files['remoteEntry.js'] = `sha384-${'A'.repeat(64)}`;
  await writeFile(file, JSON.stringify(recorded));
  assertFailed(
    await cli(root, ['publish', 'owner']),
    1,
    new RegExp(
      `^${version.replaceAll('.', '\\.')} of mfe-owner: its files no longer match integrity\\.json \\(remoteEntry\\.js\\)`,
    ),
  );
});

// ---- credentials and the API -------------------------------------------------------------------

test('wrong credentials and an unreachable API are clear errors', async () => {
  const root = await fakeRepo();
  assertFailed(
    await cli(root, ['status'], { RELEASE_PASSWORD: 'not-the-password' }),
    1,
    `Could not sign in to the API as ${ADMIN.email}: Invalid credentials. (set RELEASE_EMAIL and RELEASE_PASSWORD to an admin account)`,
  );
  const port = await freePort();
  assertFailed(
    await cli(root, ['status'], { API_URL: `http://127.0.0.1:${port}/api` }),
    1,
    `Cannot reach the API at http://127.0.0.1:${port}/api (ECONNREFUSED). Is it running? (npm start, or set API_URL)`,
  );
});

test('the commands are importable: publish with make_stable, as npm start does', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'auth', { version: '9.0.0', body: 'imported' });
  const result = await publish(optionsFor(root), 'auth', { makeStable: true });
  assert.match(result.version, /^9\.0\.0-[0-9a-f]{8}$/);
  assert.equal(result.stable, true);
  assert.equal(result.copied, true);
  assert.equal((await manifest()).auth.stable.version, result.version);
  assert.equal(
    await readFile(
      path.join(root, 'releases', 'mfe-auth', result.version, 'remoteEntry.js'),
      'utf8',
    ),
    "var mfe_auth = 'imported';",
  );
});
