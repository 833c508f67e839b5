// The release CLI end to end: `node scripts/release.mjs ...` against a real API (its own process,
// port and embedded database), with small fake builds in a temporary repository layout.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, spawnApi, waitForApi } from '../apps.mjs';
import { formatStatus, publish, releaseOptions, status } from './commands.mjs';
import { listFiles } from './store.mjs';

const ADMIN = { email: 'releaser@example.com', password: 'Release#2026' };
const CLI = path.join(ROOT, 'scripts', 'release.mjs');
const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0' };

const tmp = await mkdtemp(path.join(os.tmpdir(), 'release-cli-'));
let api;
let apiUrl;
let apiOutput = '';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  api = spawnApi({
    env: {
      API_PORT: String(port),
      DATA_DIR: path.join(tmp, 'data'),
      // Always the embedded database: a server's would keep releases from earlier runs.
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'test',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout.on('data', (chunk) => {
    apiOutput += chunk;
  });
  api.stderr.on('data', (chunk) => {
    apiOutput += chunk;
  });
  const exited = new Promise((_, reject) =>
    api.once('exit', (code) => reject(new Error(`The API exited (${code}):\n${apiOutput}`))),
  );
  await Promise.race([waitForApi(port, 90_000), exited]);
  apiUrl = `http://127.0.0.1:${port}/api`;
  const manifest = await fetch(`${apiUrl}/releases/manifest/`);
  if (manifest.status !== 200) {
    throw new Error(
      `GET /api/releases/manifest/ answered ${manifest.status}: is the releases router mounted in api/src/app.ts?`,
    );
  }
});

after(async () => {
  if (api && api.exitCode === null) {
    api.removeAllListeners('exit');
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  await rm(tmp, { recursive: true, force: true });
});

// ---- fixtures ----------------------------------------------------------------------------------

const sharedList = (container, versions, required = {}) =>
  Object.entries(versions).map(([name, version]) => ({
    id: `${container}:${name}`,
    name,
    version,
    singleton: true,
    requiredVersion: required[name] ?? `^${version.split('.')[0]}.0.0`,
    assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
  }));

let roots = 0;
/** A repository layout with a built shell, ready for fake remote builds. */
async function fakeRepo() {
  const root = path.join(tmp, `repo-${++roots}`);
  await write(root, 'shell/dist/mf-manifest.json', {
    name: 'shell',
    shared: sharedList('shell', SHELL_SHARED),
  });
  return root;
}

async function write(root, file, content) {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/** A small build of mfe-<remote>: index.html, remoteEntry.js, a chunk and mf-manifest.json. */
async function fakeBuild(root, remote, { version = '1.0.0', body = 'one', shared, required } = {}) {
  const container = `mfe_${remote}`;
  await rm(path.join(root, `mfe-${remote}`, 'dist'), { recursive: true, force: true });
  await write(root, `mfe-${remote}/package.json`, { name: `@cinema/mfe-${remote}`, version });
  await write(root, `mfe-${remote}/dist/index.html`, `<!doctype html><title>${remote}</title>`);
  await write(root, `mfe-${remote}/dist/remoteEntry.js`, `var ${container} = '${body}';`);
  await write(root, `mfe-${remote}/dist/static/js/app.js`, `console.log('${body}');`);
  await write(root, `mfe-${remote}/dist/mf-manifest.json`, {
    name: container,
    shared: sharedList(container, shared ?? SHELL_SHARED, required),
  });
}

/** Runs the CLI; resolves to {code, stdout, stderr}. */
function cli(root, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        API_URL: apiUrl,
        RELEASE_EMAIL: ADMIN.email,
        RELEASE_PASSWORD: ADMIN.password,
        RELEASE_ROOT: root,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** `publish` that must succeed; resolves to the version it printed. */
async function published(root, remote) {
  const r = await cli(root, ['publish', remote]);
  assert.equal(r.code, 0, r.stderr);
  const version = /^mfe-\w+ (\S+) /.exec(r.stdout)?.[1];
  assert.ok(version, r.stdout);
  return version;
}

async function manifest() {
  return (await (await fetch(`${apiUrl}/releases/manifest/`)).json()).remotes;
}

function assertFailed(r, code, message) {
  assert.equal(r.code, code, `exit code; stderr: ${r.stderr}`);
  assert.equal(r.stdout, '');
  if (message instanceof RegExp) assert.match(r.stderr, message);
  else assert.equal(r.stderr, message);
}

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
    ['index.html', 'mf-manifest.json', 'remoteEntry.js', 'static/js/app.js'],
  );
  assert.deepEqual((await manifest()).auth, {
    stable: { version, entry: `http://localhost:3001/${version}/remoteEntry.js` },
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

// ---- canary, promote, rollback ----------------------------------------------------------------

test('canary lets a percentage of browsers load a published version, and refuses bad input', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'user', { version: '1.0.0', body: 'user-stable' });
  const stable = await published(root, 'user');
  await fakeBuild(root, 'user', { version: '1.1.0', body: 'user-canary' });
  const next = await published(root, 'user');

  const r = await cli(root, ['canary', 'user', next, '--percent', '10']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `mfe-user ${next} is the canary for 10% of browsers; stable is ${stable}`);
  assert.deepEqual((await manifest()).user.canary, {
    version: next,
    entry: `http://localhost:3002/${next}/remoteEntry.js`,
    percent: 10,
  });
  const raised = await cli(root, ['canary', 'mfe-user', next, '--percent=25']);
  assert.equal(raised.code, 0, raised.stderr);
  assert.equal((await manifest()).user.canary.percent, 25);

  for (const percent of ['101', '-1', '2.5', 'ten', '']) {
    assertFailed(
      await cli(root, ['canary', 'user', next, `--percent=${percent}`]),
      1,
      `Percent must be a whole number from 0 to 100 (got "${percent}").`,
    );
  }
  assertFailed(
    await cli(root, ['canary', 'cinema', next, '--percent', '5']),
    1,
    'Unknown remote cinema. The remotes are: auth, user, owner, admin.',
  );
  assertFailed(
    await cli(root, ['canary', 'user', '1.2.0-abcd1234', '--percent', '5']),
    1,
    `Unknown version 1.2.0-abcd1234 for user. Newest published: ${next}, ${stable}.`,
  );
  assertFailed(
    await cli(root, ['canary', 'user', stable, '--percent', '5']),
    1,
    `${stable} is already the stable version of user.`,
  );

  // Recorded, but its files are gone from the release store.
  await rm(path.join(root, 'releases', 'mfe-user', next), { recursive: true });
  assertFailed(
    await cli(root, ['canary', 'user', next, '--percent', '5']),
    1,
    `${next} of mfe-user is not published: ${path.join('releases', 'mfe-user', next)} is missing`,
  );
  assert.equal((await manifest()).user.canary.percent, 25);
});

test('promote makes the canary stable; with no canary it says so (exit 1)', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'owner', { version: '3.0.0', body: 'owner-promote-1' });
  await published(root, 'owner');
  await fakeBuild(root, 'owner', { version: '3.1.0', body: 'owner-promote-2' });
  const next = await published(root, 'owner');
  const stableBefore = (await manifest()).owner.stable.version;
  assert.equal((await cli(root, ['canary', 'owner', next, '--percent', '50'])).code, 0);

  const r = await cli(root, ['promote', 'owner']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `mfe-owner ${next} is now stable for everyone (was ${stableBefore})`);
  assert.deepEqual((await manifest()).owner, {
    stable: { version: next, entry: `http://localhost:3003/${next}/remoteEntry.js` },
    canary: null,
    ticket: null,
  });
  assertFailed(await cli(root, ['promote', 'owner']), 1, 'There is no canary to promote.');
  assertFailed(
    await cli(root, ['promote', 'box-office']),
    1,
    'Unknown remote box-office. The remotes are: auth, user, owner, admin.',
  );
});

test('rollback drops the canary, else returns stable to the previous version; then there is nothing to roll back to', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'admin', { version: '5.0.0', body: 'admin-rollback-1' });
  await published(root, 'admin');
  const first = (await manifest()).admin.stable.version;
  await fakeBuild(root, 'admin', { version: '5.1.0', body: 'admin-rollback-2' });
  const second = await published(root, 'admin');
  await fakeBuild(root, 'admin', { version: '5.2.0', body: 'admin-rollback-3' });
  const third = await published(root, 'admin');

  assert.equal((await cli(root, ['canary', 'admin', second, '--percent', '100'])).code, 0);
  assert.equal((await cli(root, ['promote', 'admin'])).code, 0);
  assert.equal((await cli(root, ['canary', 'admin', third, '--percent', '20'])).code, 0);

  const dropped = await cli(root, ['rollback', 'admin']);
  assert.equal(dropped.code, 0, dropped.stderr);
  assert.equal(
    dropped.stdout,
    `mfe-admin: Canary ${third} rolled back by ${'admin'}. Stable is ${second}.`,
  );
  assert.deepEqual((await manifest()).admin.canary, null);

  const back = await cli(root, ['rollback', 'admin']);
  assert.equal(back.code, 0, back.stderr);
  assert.equal(
    back.stdout,
    `mfe-admin: Stable ${second} rolled back to ${first} by admin. Stable is ${first}.`,
  );
  assert.equal((await manifest()).admin.stable.version, first);

  assertFailed(
    await cli(root, ['rollback', 'admin']),
    1,
    'There is no earlier stable version to return to.',
  );
});

// ---- status ------------------------------------------------------------------------------------

/**
 * A JSON request to the API as a browser on another machine would send it: from `from`, one of
 * the loopback addresses 127.0.0.x (the API then sees that address).
 */
function browserRequest(from, method, url, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        localAddress: from,
        headers: payload ? { 'Content-Type': 'application/json' } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** What the shell does: the manifest for its bucket, then a report with the ticket it got. */
async function reportFrom(from, remote, version, outcome) {
  const manifest = await browserRequest(from, 'GET', `${apiUrl}/releases/manifest/?bucket=0`);
  assert.equal(manifest.status, 200);
  const ticket = manifest.body.remotes[remote].ticket;
  assert.equal(ticket?.version, version);
  return await browserRequest(from, 'POST', `${apiUrl}/releases/events/`, {
    remote,
    version,
    outcome,
    ticket: ticket.value,
  });
}

test('status prints a table of every remote with reporters, failures and why a canary was rolled back', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'user', { version: '7.0.0', body: 'status-stable' });
  await published(root, 'user');
  await fakeBuild(root, 'user', { version: '7.1.0', body: 'status-canary' });
  const bad = await published(root, 'user');
  assert.equal((await cli(root, ['canary', 'user', bad, '--percent', '30'])).code, 0);
  // A report without the manifest's ticket is refused.
  const anonymous = await fetch(`${apiUrl}/releases/events/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'user', version: bad, outcome: 'load_failed' }),
  });
  assert.equal(anonymous.status, 400);
  // One browser failing again and again is one reporter: the canary stays.
  for (let i = 0; i < 6; i++) {
    assert.equal((await reportFrom('127.0.0.2', 'user', bad, 'load_failed')).status, 202);
  }
  const during = await cli(root, ['status']);
  assert.equal(during.code, 0, during.stderr);
  assert.match(
    during.stdout.split('\n').find((line) => line.startsWith('mfe-user ')),
    new RegExp(
      ` ${bad.replaceAll('.', '\\.')} +30% +\\d+/\\d+ \\(\\d+/\\d+; [\\d,]+ reports?\\) +1/1 \\(1/1; 6 reports\\)`,
    ),
  );
  // Browsers on five machines fail: rolled back automatically.
  const answers = [];
  for (let i = 3; i < 7; i++)
    answers.push(await reportFrom(`127.0.0.${i}`, 'user', bad, 'load_failed'));
  assert.deepEqual(
    answers.map((answer) => [answer.status, answer.body.rolled_back]),
    [
      [202, false],
      [202, false],
      [202, false],
      [202, true],
    ],
  );
  const r = await cli(root, ['status']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(
    lines[0],
    /^REMOTE +STABLE +CANARY +PERCENT +STABLE REPORTERS\/FAILED +CANARY REPORTERS\/FAILED +NOTE$/,
  );
  const row = (remote) => lines.find((line) => line.startsWith(`mfe-${remote} `));
  for (const remote of ['auth', 'user', 'owner', 'admin']) assert.ok(row(remote), remote);
  const stable = (await manifest()).user.stable.version;
  assert.match(
    row('user'),
    new RegExp(
      `^mfe-user +${stable.replaceAll('.', '\\.')} +- +- +\\d+/\\d+ \\(\\d+/\\d+; [\\d,]+ reports?\\) +- +Automatic rollback: 5 of 5 recent reporters of ${bad.replaceAll('.', '\\.')} failed\\. \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)$`,
    ),
  );
  assert.ok(r.stdout.includes('Latest changes:'));
  assert.match(r.stdout, /mfe-user +auto_rollback {2}by system: no canary/);

  // The same through the exported functions.
  const body = await status(optionsFor(root));
  assert.equal(body.remotes.user.canary, null);
  assert.equal(formatStatus(body).split('\n')[0], lines[0]);
});

// ---- rollouts ----------------------------------------------------------------------------------

test('rollout starts a plan; status shows its step, the time to the next one and the health; pause, resume and abort', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'auth', { version: '8.0.0', body: 'rollout-stable' });
  await published(root, 'auth');
  await fakeBuild(root, 'auth', { version: '8.1.0', body: 'rollout-canary' });
  const next = await published(root, 'auth');
  // An earlier test may have made another build of auth stable.
  const stable = (await manifest()).auth.stable.version;

  const started = await cli(root, ['rollout', 'auth', next, '--steps', '10,50,100', '--every=30m']);
  assert.equal(started.code, 0, started.stderr);
  assert.match(
    started.stdout,
    new RegExp(
      `^mfe-auth ${next.replaceAll('.', '\\.')} is rolling out: 10% of browsers now, then 50%, 100% every 30 min while it is healthy \\(first step due \\d\\d:\\d\\d UTC\\)\\. Follow it: npm run release -- status$`,
    ),
  );
  assert.equal((await manifest()).auth.canary.percent, 10);
  assertFailed(
    await cli(root, ['rollout', 'auth', next]),
    1,
    `mfe-auth already has a rollout in progress (${next}); pause, resume or abort it first.`,
  );

  // A browser's beacon (bucket 0 loads the canary), as the shell sends it.
  const page = await browserRequest('127.0.0.2', 'GET', `${apiUrl}/releases/manifest/?bucket=0`);
  const ticket = page.body.remotes.auth.ticket;
  assert.equal(ticket.version, next);
  const beacon = await browserRequest('127.0.0.2', 'POST', `${apiUrl}/releases/health/`, {
    remote: 'auth',
    version: next,
    ticket: ticket.value,
    samples: [{ kind: 'view' }, { kind: 'view' }, { kind: 'error' }, { kind: 'lcp', value: 1500 }],
  });
  assert.deepEqual([beacon.status, beacon.body], [202, { recorded: 4 }]);

  const shown = await cli(root, ['status']);
  assert.equal(shown.code, 0, shown.stderr);
  const lines = shown.stdout.split('\n');
  const at = lines.indexOf(lines.find((line) => line.startsWith('mfe-auth: ')));
  assert.match(
    lines[at],
    new RegExp(
      `^mfe-auth: ${next.replaceAll('.', '\\.')} running, step 1 of 3 \\(10%\\), next step in (30|29) min \\(\\d\\d:\\d\\d UTC\\); steps 10, 50, 100% every 30 min$`,
    ),
  );
  assert.match(
    lines[at + 1],
    /^ {2}since \d\d:\d\d UTC +VIEWS +ERRORS +ERROR RATE +LCP +INP +CLS$/,
  );
  assert.match(
    lines[at + 2],
    new RegExp(
      `^ {2}stable ${stable.replaceAll('.', '\\.')} +0 \\(0\\) +0 +- +- \\(0\\) +- \\(0\\) +- \\(0\\)$`,
    ),
  );
  assert.match(
    lines[at + 3],
    new RegExp(
      // One reporter's LCP is no p75 yet: a vital needs more than 3 networks (decision 0027).
      `^ {2}canary ${next.replaceAll('.', '\\.')} +2 \\(1\\) +1 +50% +- \\(1\\) +- \\(0\\) +- \\(0\\)$`,
    ),
  );
  assert.ok(shown.stdout.includes('A rollout holds below 30 canary views or 4 reporters'));

  const paused = await cli(root, ['pause', 'auth']);
  assert.equal(paused.code, 0, paused.stderr);
  assert.equal(
    paused.stdout,
    `mfe-auth rollout of ${next} paused at 10%; the canary stays at 10%.`,
  );
  assert.match(
    (await cli(root, ['status'])).stdout,
    /paused at step 1 of 3 \(10%\)\. Paused by admin\./,
  );
  assertFailed(await cli(root, ['pause', 'auth']), 1, 'The rollout is not running.');
  const resumed = await cli(root, ['resume', 'mfe-auth']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(
    resumed.stdout,
    /^mfe-auth rollout of \S+ resumed at 10%; next step due \d\d:\d\d UTC\.$/,
  );
  const aborted = await cli(root, ['abort', 'auth']);
  assert.equal(aborted.code, 0, aborted.stderr);
  assert.equal(
    aborted.stdout,
    `mfe-auth: Rollout aborted by admin. ${next} is no longer the canary.`,
  );
  assert.equal((await manifest()).auth.canary, null);
  assert.match(
    (await cli(root, ['status'])).stdout,
    /mfe-auth: \S+ aborted at step 1 of 3 \(10%\), \d\d:\d\d UTC: Rollout aborted by admin\./,
  );
  assertFailed(
    await cli(root, ['resume', 'auth']),
    1,
    'There is no rollout in progress for this remote.',
  );
});

test('rollout refuses bad steps and intervals before calling the API, and wrong usage exits 2', async () => {
  const root = await fakeRepo();
  for (const steps of ['5,25,50', '25,5,100', '0,100', '5,,100', 'five', '5.5,100']) {
    assertFailed(
      await cli(root, ['rollout', 'user', '1.0.0-aaaaaaaa', '--steps', steps]),
      1,
      `Steps must be whole percentages from 1 to 100, strictly increasing, ending in 100 (got "${steps}").`,
    );
  }
  for (const every of ['0m', '25h', '30s', 'soon']) {
    assertFailed(
      await cli(root, ['rollout', 'user', '1.0.0-aaaaaaaa', '--every', every]),
      1,
      `Every must be minutes or hours from 1m to 24h, e.g. 15m or 1h (got "${every}").`,
    );
  }
  const usage = [
    [
      ['rollout', 'user'],
      'rollout needs <remote> <version>: npm run release -- rollout <remote> <version>',
    ],
    [['pause'], 'pause needs <remote>: npm run release -- pause <remote>'],
    [['canary', 'user', 'x', '--percent', '5', '--steps', '5,100'], '--steps is only for rollout.'],
    [['abort', 'user', '--every', '5m'], '--every is only for rollout.'],
  ];
  for (const [args, message] of usage) {
    assertFailed(
      await cli(root, args),
      2,
      `${message}\nRun npm run release -- --help for the commands.`,
    );
  }
  const help = await cli(root, ['--help']);
  for (const command of [
    'rollout <remote> <version>',
    'pause <remote>',
    'resume <remote>',
    'abort <remote>',
  ]) {
    assert.ok(help.stdout.includes(command), command);
  }
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

function optionsFor(root) {
  return {
    ...releaseOptions({
      API_URL: apiUrl,
      RELEASE_EMAIL: ADMIN.email,
      RELEASE_PASSWORD: ADMIN.password,
      RELEASE_ROOT: root,
    }),
  };
}
