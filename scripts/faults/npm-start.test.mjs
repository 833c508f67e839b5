// `npm start` as an operator runs it, on real processes: `node scripts/start.mjs --no-build
// --no-publish` on free ports with its own DATA_DIR (embedded database) and release store. The
// frontends serve dist folders that may not exist (they answer 404): what is tried here is the
// API's supervision and the ports, not the apps. The API process is killed with SIGKILL and must
// be healthy again within seconds with the booking and the session made before; a second start
// on a taken port, a bad setting or a data directory in use must say so and exit non-zero
// without starting the API again in a loop (scripts/supervised-api.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { REMOTE_NAMES } from '../../packages/federation/src/index.js';
import { BIN, ForeignApiError, ROOT } from '../apps.mjs';
import { freePort } from '../postgres.mjs';
import { supervisedApi } from '../supervised-api.mjs';
import { captureOutput } from './processes.mjs';

const DENO = path.join(BIN, 'deno');
const START = path.join(ROOT, 'scripts', 'start.mjs');
const CUSTOMER = { email_or_username: 'customer@cinebook.local', password: 'Customer#2026' };
const STACK_LINE = /^\s+at /m;
const skip = !existsSync(DENO)
  ? `Deno is not installed at ${DENO} (npm ci)`
  : !existsSync('/proc/self/task')
    ? 'needs Linux /proc to find the API process npm start runs'
    : false;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'npm-start-faults-'));
const started = []; // every npm start of this file, stopped in after()
let first; // the npm start the tests share
let booking; // made through `first` before its API was killed
let tokens;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Free ports for every part: {api, shell, auth, ...}. */
async function freePorts() {
  const p = { api: await freePort(), shell: await freePort() };
  for (const name of REMOTE_NAMES) p[name] = await freePort();
  return p;
}

/** The environment `npm start` reads its ports from. */
function portEnv(p) {
  return {
    API_PORT: String(p.api),
    SHELL_PORT: String(p.shell),
    ...Object.fromEntries(REMOTE_NAMES.map((n) => [`MFE_${n.toUpperCase()}_PORT`, String(p[n])])),
  };
}

/**
 * Starts `node scripts/start.mjs --no-build --no-publish` with `env`: {child, output(), exit
 * (a promise of {code, signal}), waitFor(regex, ms)}.
 */
function npmStart(name, env) {
  const child = spawn(process.execPath, [START, '--no-build', '--no-publish'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Always the embedded database under this test's DATA_DIR.
      DATABASE_URL: '',
      DATABASE_READ_URL: '',
      RELEASES_DIR: path.join(tmp, `${name}-releases`),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, exit } = captureOutput(child);
  const run = {
    child,
    exit,
    output,
    /** Resolves with the match once the output matches `regex`; fails after `ms`. */
    async waitFor(regex, ms) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const match = output().match(regex);
        if (match) return match;
        if (child.exitCode !== null || child.signalCode !== null) break;
        await sleep(50);
      }
      const match = output().match(regex);
      if (match) return match;
      throw new Error(`npm start (${name}) did not print ${regex} within ${ms} ms:\n${output()}`);
    },
    /** Resolves with {code, signal} once it has exited; fails after `ms`. */
    async exited(ms) {
      const result = await Promise.race([exit, sleep(ms).then(() => null)]);
      if (!result) throw new Error(`npm start (${name}) still runs after ${ms} ms:\n${output()}`);
      return result;
    },
  };
  started.push(run);
  return run;
}

/**
 * @param {number} port
 * @param {string} method
 * @param {string} pathname
 * @param {{ token?: string, body?: unknown }} [options]
 */
async function api(port, method, pathname, { token, body } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/api${pathname}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** {status, instance} of the health check, or null when nothing answers. */
async function health(port) {
  try {
    const { status, body } = await api(port, 'GET', '/health');
    return { status, instance: body?.instance };
  } catch {
    return null;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of the API process `run` has now: its child running the API's main.ts (Linux /proc). */
function apiPid(run) {
  const pid = run.child.pid;
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined; // it has exited
  }
  const children = tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      return [];
    }
  });
  return children
    .filter(Boolean)
    .map(Number)
    .find((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('src/main.ts');
      } catch {
        return false;
      }
    });
}

before(async () => {
  if (skip) return;
  const p = await freePorts();
  first = npmStart('first', { ...portEnv(p), DATA_DIR: path.join(tmp, 'first-data') });
  first.ports = p;
  first.dataDir = path.join(tmp, 'first-data');
  // Migrations and the demo data on a fresh embedded database: about 10 s here, more when busy.
  await first.waitFor(/CineBook is running/, 60_000);
  const login = await api(p.api, 'POST', '/login/', { body: CUSTOMER });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  tokens = login.body;
  const shows = await api(p.api, 'GET', '/shows/', { token: tokens.access });
  const show = shows.body.toSorted((a, b) => b.starts_at.localeCompare(a.starts_at))[0];
  const seats = await api(p.api, 'GET', `/shows/${show.id}/seats/`, { token: tokens.access });
  const seat = seats.body.find((s) => s.status === 'available');
  const booked = await api(p.api, 'POST', '/bookings/', {
    token: tokens.access,
    body: {
      movie_id: show.movie,
      theater_id: show.theater,
      show_id: show.id,
      row: seat.row,
      column: seat.column,
    },
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  booking = booked.body;
});

after(async () => {
  for (const run of started) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      const pid = apiPid(run);
      run.child.kill('SIGTERM');
      await Promise.race([run.exit, sleep(15_000)]);
      run.child.kill('SIGKILL');
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  rmSync(tmp, { recursive: true, force: true });
});

test('an API process killed with SIGKILL is started again, logged, healthy within seconds, with the booking and the session made before', {
  skip,
}, async (t) => {
  const port = first.ports.api;
  for (const [round, delay] of /** @type {[number, string][]} */ ([
    [1, '0.5'],
    [2, '1'],
  ])) {
    const pid = apiPid(first);
    assert.ok(pid, 'no API process under npm start');
    const before = await health(port);
    assert.equal(before?.status, 200);
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    let after = null;
    while (Date.now() - killedAt < 30_000) {
      after = await health(port);
      if (after?.status === 200 && after.instance !== before.instance) break;
      await sleep(50);
    }
    const ms = Date.now() - killedAt;
    assert.equal(after?.status, 200, `not healthy again within 30 s:\n${first.output()}`);
    // A new process (the health answer names the instance npm start gave it).
    assert.notEqual(after.instance, before.instance);
    const logged = await first.waitFor(
      new RegExp(
        `\\(pid ${pid}\\) exited unexpectedly \\(signal SIGKILL\\); starting it again in ${delay} s \\(restart ${round}\\)`,
      ),
      1_000,
    );
    assert.ok(logged);
    const healthyAgain = () => first.output().match(/is healthy again \(pid \d+\)/g) ?? [];
    const deadline = Date.now() + 5_000;
    while (healthyAgain().length < round && Date.now() < deadline) await sleep(50);
    assert.equal(healthyAgain().length, round, first.output());
    assert.notEqual(apiPid(first), pid);
    t.diagnostic(`restart ${round} (back-off ${delay} s): healthy again ${ms} ms after SIGKILL`);
  }

  // What was acknowledged before the kills is still there, and the session still works.
  const tickets = await api(port, 'GET', '/my-tickets/', { token: tokens.access });
  assert.equal(tickets.status, 200);
  assert.ok(
    tickets.body.some((ticket) => ticket.id === booking.id && !ticket.is_cancelled),
    `booking ${booking.id} missing after the restarts`,
  );
  const refreshed = await api(port, 'POST', '/token/refresh/', {
    body: { refresh: tokens.refresh },
  });
  assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
  const signIn = await api(port, 'POST', '/login/', { body: CUSTOMER });
  assert.equal(signIn.status, 200);
  t.diagnostic(`booking ${booking.id} present after 2 SIGKILLs; session refreshed`);
});

/** Asserts `run` ended non-zero, said `sentence` once, printed no stack and never ran. */
async function assertRefused(run, sentence) {
  const exited = await run.exited(20_000);
  const output = run.output();
  assert.notEqual(exited.code, 0, output);
  assert.equal(exited.signal, null, output);
  assert.match(output, sentence);
  assert.doesNotMatch(output, STACK_LINE, 'a stack trace was printed');
  assert.doesNotMatch(output, /CineBook is running/);
  assert.doesNotMatch(output, /starting it again/);
  return { exited, output };
}

test('a second npm start on a taken API_PORT says so in one sentence and exits non-zero', {
  skip,
}, async (t) => {
  const p = await freePorts();
  const firstHealth = await health(first.ports.api);
  const startedAt = Date.now();
  const second = npmStart('api-port-taken', {
    ...portEnv({ ...p, api: first.ports.api }),
    DATA_DIR: path.join(tmp, 'api-port-taken-data'),
  });
  const { exited, output } = await assertRefused(
    second,
    new RegExp(`^API_PORT ${first.ports.api} is already in use by another process`, 'm'),
  );
  assert.equal(output.trim().split('\n').length, 1, output);
  t.diagnostic(`refused in ${Date.now() - startedAt} ms, exit code ${exited.code}`);
  // The first is untouched: same process, still healthy.
  assert.deepEqual(await health(first.ports.api), firstHealth);
});

test('a taken frontend port (SHELL_PORT, MFE_OWNER_PORT) is named in one sentence each, and nothing starts', {
  skip,
}, async () => {
  const p = await freePorts();
  const second = npmStart('site-port-taken', {
    ...portEnv({ ...p, shell: first.ports.shell, owner: first.ports.owner }),
    DATA_DIR: path.join(tmp, 'site-port-taken-data'),
  });
  const { output } = await assertRefused(
    second,
    new RegExp(`^SHELL_PORT ${first.ports.shell} is already in use by another process`, 'm'),
  );
  assert.match(output, new RegExp(`^MFE_OWNER_PORT ${first.ports.owner} is already in use`, 'm'));
  assert.equal(output.trim().split('\n').length, 2, output);
  // Refused before the API was started: its port was never bound.
  assert.equal(await health(p.api), null);
});

test('another process answering on the API port is not taken for the API started', {
  skip,
}, async () => {
  // A server that answers every health check 200, as another API (or anything) on the port.
  const impostor = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', database: 'up', db: 'pglite', instance: 'not-yours' }));
  });
  await new Promise((resolve) => impostor.listen(0, '127.0.0.1', () => resolve(undefined)));
  const port = /** @type {import('node:net').AddressInfo} */ (impostor.address()).port;
  let child = /** @type {any} */ (null);
  const supervisor = supervisedApi({
    port,
    env: { DATA_DIR: path.join(tmp, 'impostor-data'), DATABASE_URL: '' },
    stdio: 'ignore',
    onSpawn: (spawned) => {
      child = spawned;
    },
    log: () => {},
  });
  try {
    await assert.rejects(supervisor.start(), (error) => {
      assert.ok(error instanceof ForeignApiError);
      assert.match(error.message, new RegExp(`^Another process answers on API_PORT ${port}`));
      return true;
    });
    // The process it started is not left running against a port it cannot have.
    const deadline = Date.now() + 5_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      await sleep(50);
    }
    assert.equal(child.signalCode, 'SIGKILL');
    assert.equal(supervisor.restarts, 0);
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise((resolve) => impostor.close(resolve));
  }
});

test('a bad setting: the API says which, npm start exits non-zero and does not start it again', {
  skip,
}, async (t) => {
  const p = await freePorts();
  const startedAt = Date.now();
  const run = npmStart('bad-setting', {
    ...portEnv(p),
    DATA_DIR: path.join(tmp, 'bad-setting-data'),
    JWT_SECRET: 'too-short',
  });
  const { exited, output } = await assertRefused(run, /JWT_SECRET must be at least 32 characters/);
  assert.match(output, /the API did not start \(exit code \d+\); its reason is above\./);
  t.diagnostic(`refused in ${Date.now() - startedAt} ms, exit code ${exited.code}`);
});

test('a second npm start on the same data directory is refused and the first keeps its database', {
  skip,
}, async (t) => {
  const p = await freePorts();
  const startedAt = Date.now();
  const run = npmStart('same-data-dir', { ...portEnv(p), DATA_DIR: first.dataDir });
  const { exited, output } = await assertRefused(run, /DATA_DIR/);
  // The API refuses the directory as a setting of its environment (exit code 78, EX_CONFIG).
  assert.equal(exited.code, 78, output);
  t.diagnostic(`refused in ${Date.now() - startedAt} ms, exit code ${exited.code}`);
  const tickets = await api(first.ports.api, 'GET', '/my-tickets/', { token: tokens.access });
  assert.equal(tickets.status, 200);
  assert.ok(tickets.body.some((ticket) => ticket.id === booking.id));
});

test('SIGTERM (as Ctrl-C) stops npm start and its API, and nothing is started again', {
  skip,
}, async (t) => {
  const pid = apiPid(first);
  const restarts = () => first.output().match(/starting it again/g)?.length ?? 0;
  const restartsBefore = restarts();
  const stoppedAt = Date.now();
  first.child.kill('SIGTERM');
  const exited = await first.exited(20_000);
  assert.deepEqual(exited, { code: 0, signal: null });
  assert.equal(alive(pid), false, 'the API outlived npm start');
  await sleep(1_000);
  assert.equal(await health(first.ports.api), null);
  assert.equal(restarts(), restartsBefore, first.output());
  t.diagnostic(`stopped in ${Date.now() - stoppedAt} ms`);
});
