// Where each part of the product runs, and how to start its processes. One place for the Node
// scripts (start, dev, build, tests) so ports and commands are never written twice.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PORT, REMOTE_NAMES, REMOTES, SHELL_PORT } from '../packages/federation/src/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');

const envPort = (name, fallback) => Number(process.env[name]) || fallback;

/** The environment variable that sets a part's port: `api` -> API_PORT, `auth` -> MFE_AUTH_PORT. */
export function portVariable(part) {
  if (part === 'api') return 'API_PORT';
  if (part === 'shell') return 'SHELL_PORT';
  return `MFE_${part.toUpperCase()}_PORT`;
}

/** Ports in force: the defaults, or the overrides from the environment. */
export function ports() {
  return {
    api: envPort(portVariable('api'), API_PORT),
    shell: envPort(portVariable('shell'), SHELL_PORT),
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, envPort(portVariable(name), REMOTES[name].port)]),
    ),
  };
}

/** The apps Rsbuild builds, each with its own folder and dist. */
export const FRONTEND_APPS = ['shell', ...REMOTE_NAMES.map((name) => `mfe-${name}`)];

/**
 * The runtime config the shell boots from: where the API and each remote's entry live. The API is
 * on the shell's own origin, whose server sends /api/ on to it (scripts/api-proxy.mjs).
 */
export function runtimeConfig(p = ports(), host = 'localhost') {
  return {
    apiBaseUrl: '/api',
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { entry: `http://${host}:${p[name]}/remoteEntry.js` }]),
    ),
  };
}

// The API needs the network, files under .data, env, FFI for argon2 and sys info for PGlite.
const API_PERMISSIONS = [
  '--allow-env',
  '--allow-net',
  '--allow-read',
  '--allow-write',
  '--allow-sys',
  '--allow-ffi',
];

/** Starts the API with the Deno binary npm installed (no global Deno needed). */
export function spawnApi({ watch = false, env = {}, stdio = 'inherit' } = {}) {
  const args = ['run', ...(watch ? ['--watch'] : []), ...API_PERMISSIONS, 'src/main.ts'];
  return spawn(path.join(BIN, 'deno'), args, {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...env },
    stdio,
  });
}

/**
 * Runs one of the API's own Deno scripts (`bench/prepare.ts ...`) to completion: resolves with its
 * stdout, rejects with its stderr. For the benches' and fault tests' data set-up and checks.
 */
export function apiScript(args, env = {}) {
  return new Promise((resolve, reject) =>
    execFile(
      path.join(BIN, 'deno'),
      ['run', '-A', ...args],
      { cwd: path.join(ROOT, 'api'), env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(stdout),
    ),
  );
}

/**
 * The exit code of a process that refuses its settings or its environment (sysexits.h
 * EX_CONFIG): the API's own for a bad setting, a taken port or a data directory another process
 * holds. Starting such a process again changes nothing, so a supervisor gives up on it.
 */
export const EX_CONFIG = 78;

/**
 * What `npm start` says of a port it cannot bind, in one sentence (the API's own words for its
 * port): `reason` is 'taken' (another process holds it) or 'denied' (below 1024, not root).
 */
export function portTakenMessage(part, port, reason = 'taken') {
  const name = portVariable(part);
  return reason === 'denied'
    ? `${name} ${port} cannot be used by this user: set ${name} to a port above 1023.`
    : `${name} ${port} is already in use by another process: stop that process, or set ${name} to a free port.`;
}

/** Whether `port` can be bound on `host` right now: true, 'taken' or 'denied'. */
export function portFree(port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') resolve('taken');
      else if (error.code === 'EACCES') resolve('denied');
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The parts of `p` (`ports()`) whose port cannot be bound: `[[part, port, 'taken' | 'denied']]`. */
export async function takenPorts(p, hostOf = () => '127.0.0.1') {
  const taken = [];
  for (const [part, port] of Object.entries(p)) {
    const free = await portFree(port, hostOf(part));
    if (free !== true) taken.push([part, port, free]);
  }
  return taken;
}

/** A health answer on the API's port that came from a process other than the one started. */
export class ForeignApiError extends Error {}

/** An API process that exited before it answered its health check; `exit` is {code, signal}. */
export class ApiExitedError extends Error {
  constructor(exit) {
    super(`The API exited as it started (${describeExit(exit)})`);
    this.exit = exit;
  }
}

/** `exit code 1` or `signal SIGKILL`. */
export function describeExit({ code, signal }) {
  return code !== null && code !== undefined ? `exit code ${code}` : `signal ${signal}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the API answers its health check, or fails after `timeoutMs`. Options:
 * - `instance`: the API_INSTANCE_ID the process was started with; only an answer naming it
 *   counts, any other answer on the port is another process's (ForeignApiError);
 * - `child`: the process started; its exit ends the wait at once (ApiExitedError).
 */
export async function waitForApi(port, timeoutMs = 60_000, { instance, child } = {}) {
  let exit = null;
  const onExit = (code, signal) => {
    exit = { code, signal };
  };
  const onError = (error) => {
    exit = { code: null, signal: null, error };
  };
  child?.once('exit', onExit);
  child?.once('error', onError);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child && child.exitCode !== null) onExit(child.exitCode, null);
      if (child && child.signalCode !== null) onExit(null, child.signalCode);
      if (exit?.error) throw exit.error;
      if (exit) throw new ApiExitedError(exit);
      let body = null;
      let ok = false;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(5_000),
        });
        ok = response.ok;
        body = await response.json().catch(() => ({}));
      } catch {}
      // Something answered: ours only if it names the instance we started (routes/health).
      if (body && instance !== undefined && body.instance !== instance) {
        throw new ForeignApiError(
          `Another process answers on API_PORT ${port} (not the API just started): stop it, or set API_PORT to a free port.`,
        );
      }
      if (ok) return;
      await sleep(250);
    }
  } finally {
    child?.off('exit', onExit);
    child?.off('error', onError);
  }
  throw new Error(`The API did not become healthy on port ${port} within ${timeoutMs / 1000} s`);
}

/**
 * One API process on `port`, started again when it exits on its own: what `npm start` runs, and
 * what `npm run cluster` runs per instance. Each process gets a fresh random API_INSTANCE_ID and
 * is healthy only when /api/health names it, so another process on the port is never taken for
 * it. An unexpected exit is logged with its code or signal and followed by a new process after a
 * back-off (`firstMs`, doubling up to `maxMs`; back to `firstMs` once a process stayed up
 * `healthyMs`). Not started again: a process stopped with `stop()` (or while `isStopping()`), one
 * that exits with EX_CONFIG (a setting or the environment is wrong: a loop would change nothing),
 * and one whose port another process answers on; `onGiveUp({code, signal, reason})` is then
 * called. `start()` resolves once the process is healthy; if it exits (or times out) first, it
 * rejects (ApiExitedError, ForeignApiError) and nothing is started again.
 * Options: `name` (for the log), `port`, `env` (added to this process's), `stdio`,
 * `onSpawn(child)` (e.g. to pipe its output), `restart` (false: log the exit, start nothing),
 * `isStopping()`, `onGiveUp`, `log(line)`, `backoff: {firstMs, maxMs, healthyMs}`,
 * `startTimeoutMs` (per process).
 */
export function supervisedApi({
  name = 'API',
  port,
  env = {},
  stdio = 'inherit',
  onSpawn = () => {},
  restart = true,
  isStopping = () => false,
  onGiveUp = () => {},
  log = (line) => console.error(line),
  backoff: { firstMs = 500, maxMs = 10_000, healthyMs = 30_000 } = {},
  startTimeoutMs = 60_000,
} = {}) {
  let child = null;
  let instanceId = null;
  let wanted = false; // stopped on purpose: not started again
  let supervising = false; // healthy once since start(): an exit is then a crash to recover from
  let delay = firstMs;
  let timer = null;
  let restarts = 0;
  const healthyAt = new WeakMap();

  function spawnOne() {
    instanceId = randomUUID();
    const current = spawnApi({
      env: { ...env, API_PORT: String(port), API_INSTANCE_ID: instanceId },
      stdio,
    });
    child = current;
    // A failure to spawn at all (no Deno binary) is reported by waitForApi.
    current.on('error', () => {});
    current.on('exit', (code, signal) => exited(current, { code, signal }));
    onSpawn(current);
    return current;
  }

  function giveUp(exit, reason) {
    log(`${name} ${reason}; not starting it again`);
    onGiveUp({ ...exit, reason });
  }

  function exited(current, exit) {
    if (current !== child || wanted || isStopping() || !supervising) return;
    const at = `${name} (pid ${current.pid}) exited unexpectedly (${describeExit(exit)})`;
    if (exit.code === EX_CONFIG) {
      supervising = false;
      giveUp(
        exit,
        `(pid ${current.pid}) exited with code ${EX_CONFIG}: a setting or the environment is wrong (its reason is above)`,
      );
      return;
    }
    if (!restart) {
      supervising = false;
      log(at);
      onGiveUp({ ...exit, reason: 'exited' });
      return;
    }
    const up = healthyAt.get(current);
    if (up !== undefined && Date.now() - up >= healthyMs) delay = firstMs;
    const wait = delay;
    delay = Math.min(delay * 2, maxMs);
    restarts += 1;
    log(`${at}; starting it again in ${wait / 1000} s (restart ${restarts})`);
    const exitedAt = Date.now();
    timer = setTimeout(() => {
      timer = null;
      if (wanted || isStopping()) return;
      const next = spawnOne();
      waitForApi(port, startTimeoutMs, { instance: instanceId, child: next }).then(
        () => {
          healthyAt.set(next, Date.now());
          log(
            `${name} is healthy again (pid ${next.pid}), ${((Date.now() - exitedAt) / 1000).toFixed(1)} s after it exited`,
          );
        },
        (error) => {
          // Its own exit is handled above; another process on the port or a hang is not.
          if (next !== child || error instanceof ApiExitedError) return;
          if (error instanceof ForeignApiError) {
            supervising = false;
            next.kill('SIGKILL');
            giveUp(
              { code: null, signal: null },
              `(pid ${next.pid}) cannot serve: ${error.message}`,
            );
          } else {
            log(`${name} (pid ${next.pid}): ${error.message}; killing it`);
            next.kill('SIGKILL');
          }
        },
      );
    }, wait);
  }

  const api = {
    name,
    port,
    get pid() {
      return child?.pid ?? null;
    },
    /** The API_INSTANCE_ID of the current process (its health answer names it). */
    get instanceId() {
      return instanceId;
    },
    /** How many times a process was started again since the first start. */
    get restarts() {
      return restarts;
    },
    async start() {
      wanted = false;
      supervising = false;
      const current = spawnOne();
      try {
        await waitForApi(port, startTimeoutMs, { instance: instanceId, child: current });
      } catch (error) {
        if (current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
        throw error;
      }
      healthyAt.set(current, Date.now());
      supervising = true;
    },
    /** Sends `signal` and resolves when the process has exited: {code, signal, ms}. */
    stop(signal = 'SIGTERM') {
      wanted = true;
      supervising = false;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) {
        return Promise.resolve({ code: current?.exitCode ?? null, signal: null, ms: 0 });
      }
      const started = Date.now();
      return new Promise((resolve) => {
        current.once('exit', (code, exitSignal) =>
          resolve({ code, signal: exitSignal, ms: Date.now() - started }),
        );
        current.kill(signal);
      });
    },
  };
  return api;
}

/** Runs a command to completion, failing with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}`)),
    );
  });
}
