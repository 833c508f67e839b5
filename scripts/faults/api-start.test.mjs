// Starts of the API process (api/src/main.ts) that cannot succeed, or not yet, on real processes:
// each says one sentence naming the setting and exits non-zero with no stack trace; a second
// process on an embedded data directory in use is refused; a PostgreSQL server that comes up a
// few seconds after the API is waited for (api/src/startup.ts, api/src/db/lock.ts, db/wait.ts).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { BIN, ROOT, spawnApi } from '../apps.mjs';
import { freePort, postgresInstalled, postgresTempDir, runPostgresBinary } from '../postgres.mjs';
import { captureOutput } from './processes.mjs';

const DENO = path.join(BIN, 'deno');
const STACK_LINE = /^\s+at /m;
const EX_CONFIG = 78;
const JWT_SECRET = 'api-start-fault-test-secret-0123456789abcdef';
const noDeno = existsSync(DENO) ? false : `Deno is not installed at ${DENO} (npm ci)`;
const isRoot = process.getuid?.() === 0;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'api-start-faults-'));
const children = new Set();
const cleanups = [];
after(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {}
  }
  rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The API with `env` (embedded database unless DATABASE_URL is given): {child, output(), exit,
 * waitFor(regex, ms)}. `asUser` runs it as that system user (runuser; root only).
 */
/**
 * @param {Record<string, string>} env
 * @param {{ asUser?: string }} [options]
 */
function api(env, { asUser } = {}) {
  const full = {
    NODE_ENV: 'production',
    JWT_SECRET,
    DATABASE_URL: '',
    DATABASE_READ_URL: '',
    API_HOST: '127.0.0.1',
    ...env,
  };
  let child;
  if (asUser) {
    const vars = Object.entries(full).map(([k, v]) => `${k}=${v}`);
    child = execFileAsUser(asUser, vars);
  } else {
    child = spawnApi({ env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  }
  children.add(child);
  const { output, exit } = captureOutput(child);
  return {
    child,
    output,
    exit,
    async waitFor(pattern, ms) {
      const deadline = Date.now() + ms;
      while (!pattern.test(output())) {
        if (child.exitCode !== null) throw new Error(`The API exited:\n${output()}`);
        if (Date.now() > deadline) throw new Error(`No ${pattern} within ${ms} ms:\n${output()}`);
        await sleep(50);
      }
    },
  };
}

// runuser drops the environment: the variables go through env(1). Deno's cache goes to a
// directory that user can write.
function execFileAsUser(user, vars) {
  const denoDir = path.join(tmp, 'deno-dir');
  execFileSync('mkdir', ['-p', denoDir]);
  chmodSync(denoDir, 0o777);
  return spawn(
    'runuser',
    [
      '-u',
      user,
      '--',
      'env',
      `PATH=${process.env.PATH}`,
      `HOME=${denoDir}`,
      `DENO_DIR=${denoDir}`,
      ...vars,
      DENO,
      'run',
      '--allow-all',
      'src/main.ts',
    ],
    { cwd: path.join(ROOT, 'api'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

async function health(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(2000),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

async function waitHealthy(run, port, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await health(port);
    if (answer.status === 200) return answer;
    if (run.child.exitCode !== null) throw new Error(`The API exited:\n${run.output()}`);
    if (Date.now() > deadline) {
      throw new Error(`not healthy within ${ms} ms (${answer.status}):\n${run.output()}`);
    }
    await sleep(100);
  }
}

/** Asserts the start failed the way an operator can act on: one sentence, no stack. */
function assertOneSentence(output, pattern) {
  const errorLines = output
    .split('\n')
    .filter((line) => line.trim() && !/^(API listening|Waiting up to)/.test(line));
  assert.equal(errorLines.length, 1, `exactly one line of error:\n${output}`);
  assert.match(errorLines[0], pattern);
  assert.doesNotMatch(output, STACK_LINE, `no stack trace:\n${output}`);
  assert.doesNotMatch(output, /Uncaught|^error: /m);
}

test('a DATABASE_URL where nothing listens: one sentence naming it after the wait, exit 1, no stack', {
  skip: noDeno,
}, async (t) => {
  const dead = await freePort();
  const started = Date.now();
  const run = api({
    DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${dead}/postgres`,
    DATABASE_WAIT_SECONDS: '2',
    API_PORT: String(await freePort()),
    DATA_DIR: path.join(tmp, 'dead-db'),
  });
  const { code } = await run.exit;
  t.diagnostic(`exited ${code} after ${Date.now() - started} ms: ${run.output().trim()}`);
  assert.equal(code, 1);
  assert.match(run.output(), /^Waiting up to 2 s for the database at DATABASE_URL/m);
  assertOneSentence(
    run.output(),
    /^DATABASE_URL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres did not accept a connection within 2 s/,
  );
  assert.doesNotMatch(run.output(), /secret/, 'the password is not printed');
});

test('a taken API_PORT: one sentence naming it, exit 78, and no data touched', {
  skip: noDeno,
}, async (t) => {
  const holder = net.createServer();
  await new Promise((resolve) => holder.listen(0, '127.0.0.1', () => resolve(undefined)));
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  const port = /** @type {import('node:net').AddressInfo} */ (holder.address()).port;
  const dataDir = path.join(tmp, 'taken-port');
  const run = api({ API_PORT: String(port), DATA_DIR: dataDir });
  const { code } = await run.exit;
  t.diagnostic(run.output().trim());
  assert.equal(code, EX_CONFIG);
  assertOneSentence(
    run.output(),
    new RegExp(`^API_PORT ${port} is already in use by another process`),
  );
  // The port is taken before anything else: the embedded database was never opened.
  assert.equal(existsSync(path.join(dataDir, 'pglite')), false);
});

test('a bad setting: one sentence naming it, exit 78', { skip: noDeno }, async (t) => {
  const run = api({ API_PORT: 'eighty', DATA_DIR: path.join(tmp, 'bad-setting') });
  const { code } = await run.exit;
  t.diagnostic(run.output().trim());
  assert.equal(code, EX_CONFIG);
  assertOneSentence(run.output(), /API_PORT must be a whole number/);
  const readWrite = api({
    DATABASE_URL: 'postgres://u@127.0.0.1:1,127.0.0.1:2/postgres?target_session_attrs=read-write',
    DATA_DIR: path.join(tmp, 'bad-setting'),
  });
  assert.equal((await readWrite.exit).code, EX_CONFIG);
  assertOneSentence(
    readWrite.output(),
    /DATABASE_URL asks for target_session_attrs=read-write.*use target_session_attrs=primary/,
  );
});

test('an unwritable DATA_DIR: one sentence naming it, exit 78, no stack', {
  skip:
    noDeno ||
    (isRoot && !hasUser('nobody') ? 'needs the nobody user to test permissions as root' : false),
}, async (t) => {
  const dataDir = path.join(tmp, 'unwritable');
  // A directory this user may read but not write (root ignores modes: run as nobody then).
  execFileSync('mkdir', ['-p', dataDir]);
  chmodSync(dataDir, 0o555);
  cleanups.push(() => chmodSync(dataDir, 0o755));
  const env = { API_PORT: String(await freePort()), DATA_DIR: dataDir, JWT_SECRET: '' };
  // Without JWT_SECRET outside production the secret is kept in DATA_DIR: the first write.
  env.NODE_ENV = 'development';
  const run = api(env, isRoot ? { asUser: 'nobody' } : {});
  const { code } = await run.exit;
  t.diagnostic(run.output().trim());
  assert.equal(code, EX_CONFIG);
  assertOneSentence(
    run.output(),
    /^DATA_DIR .*cannot be written by this user \((EACCES|EPERM|EROFS)/,
  );
});

test('a second API on an embedded data directory in use is refused; after a SIGKILL or a stop the next start gets in', {
  skip: noDeno,
}, async (t) => {
  const dataDir = path.join(tmp, 'shared-pglite');
  const firstPort = await freePort();
  const first = api({ API_PORT: String(firstPort), DATA_DIR: dataDir });
  await waitHealthy(first, firstPort, 90_000);
  const lock = readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim();
  assert.equal(lock, String(first.child.pid));

  const second = api({ API_PORT: String(await freePort()), DATA_DIR: dataDir });
  const { code } = await Promise.race([
    second.exit,
    sleep(30_000).then(() => {
      throw new Error(`The second API did not exit within 30 s:\n${second.output()}`);
    }),
  ]);
  t.diagnostic(second.output().trim());
  assert.equal(code, EX_CONFIG);
  assertOneSentence(
    second.output(),
    new RegExp(`^DATA_DIR .* is in use by another API process \\(pid ${first.child.pid}\\)`),
  );
  // The first one never noticed.
  assert.equal((await health(firstPort)).status, 200);

  // Killed without a chance to clean up: the lock ends with the process.
  first.child.kill('SIGKILL');
  await first.exit;
  const thirdPort = await freePort();
  const third = api({ API_PORT: String(thirdPort), DATA_DIR: dataDir });
  const started = Date.now();
  await waitHealthy(third, thirdPort, 60_000);
  t.diagnostic(`the next start after the SIGKILL was healthy in ${Date.now() - started} ms`);
  assert.equal(
    readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim(),
    String(third.child.pid),
  );
  third.child.kill('SIGTERM');
  assert.equal((await third.exit).code, 0);
  // A clean stop frees it too: the next start gets in.
  const fourthPort = await freePort();
  const fourth = api({ API_PORT: String(fourthPort), DATA_DIR: dataDir });
  await waitHealthy(fourth, fourthPort, 60_000);
  fourth.child.kill('SIGTERM');
  assert.equal((await fourth.exit).code, 0);
});

test('a PostgreSQL server that comes up 3 s after the API starts is waited for', {
  skip: noDeno || (!postgresInstalled() ? 'PostgreSQL server binaries are not installed' : false),
}, async (t) => {
  const dir = postgresTempDir('api-start-late-pg-');
  const data = path.join(dir, 'data');
  cleanups.push(() => {
    try {
      runPostgresBinary('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  });
  runPostgresBinary('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const pgPort = await freePort();
  const apiPort = await freePort();
  const run = api({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    DATABASE_WAIT_SECONDS: '30',
    API_PORT: String(apiPort),
    DATA_DIR: path.join(tmp, 'late-db'),
  });
  await run.waitFor(/Waiting up to 30 s for the database/, 30_000);
  // Bound already, and honest about it.
  const early = await health(apiPort);
  assert.equal(early.status, 503);
  assert.equal(early.body?.code, 'starting');
  await sleep(3000);
  const upAt = Date.now();
  runPostgresBinary('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  await waitHealthy(run, apiPort, 30_000);
  t.diagnostic(`healthy ${Date.now() - upAt} ms after PostgreSQL accepted connections`);
  assert.equal(run.child.exitCode, null);
  run.child.kill('SIGTERM');
  assert.equal((await run.exit).code, 0);
});

function hasUser(name) {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
