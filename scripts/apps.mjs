// Where each part of the product runs, and how to start its processes. One place for the Node
// scripts (start, dev, build, tests) so ports and commands are never written twice.
import { execFile, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PORT, REMOTE_NAMES, REMOTES, SHELL_PORT } from '../packages/federation/src/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');

const envPort = (/** @type {string} */ name, /** @type {number} */ fallback) =>
  Number(process.env[name]) || fallback;

/** The environment variable that sets a part's port: `api` -> API_PORT, `auth` -> MFE_AUTH_PORT. */
export function portVariable(part) {
  if (part === 'api') return 'API_PORT';
  if (part === 'shell') return 'SHELL_PORT';
  return `MFE_${part.toUpperCase()}_PORT`;
}

/**
 * The ports of the product's parts: the API, the shell and each remote.
 * @typedef {Record<'api' | 'shell' | import('../packages/federation/src/index.js').RemoteName, number>} Ports
 */

/**
 * Ports in force: the defaults, or the overrides from the environment.
 * @returns {Ports}
 */
export function ports() {
  return /** @type {Ports} */ ({
    api: envPort(portVariable('api'), API_PORT),
    shell: envPort(portVariable('shell'), SHELL_PORT),
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, envPort(portVariable(name), REMOTES[name].port)]),
    ),
  });
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

/**
 * @typedef {Record<string, string | undefined>} Env
 * @typedef {import('node:child_process').StdioOptions} Stdio
 * @typedef {import('node:child_process').ChildProcess} ChildProcess
 * @typedef {{ code: number | null, signal: NodeJS.Signals | string | null, error?: Error }} Exit
 */

/**
 * Starts the API with the Deno binary npm installed (no global Deno needed).
 * @param {{ watch?: boolean, env?: Env, stdio?: Stdio }} [options]
 * @returns {ChildProcess}
 */
export function spawnApi({ watch = false, env = {}, stdio = 'inherit' } = {}) {
  // API_CPU_PROF=<dir>: each instance writes its V8 CPU profile and a Markdown summary of it there
  // when it exits (how docs/speed.md found where an on-sale's CPU goes).
  const profile = process.env.API_CPU_PROF
    ? ['--cpu-prof-dir', process.env.API_CPU_PROF, '--cpu-prof-md']
    : [];
  const args = [
    'run',
    ...profile,
    ...(watch ? ['--watch'] : []),
    ...API_PERMISSIONS,
    'src/main.ts',
  ];
  return spawn(path.join(BIN, 'deno'), args, {
    cwd: path.join(ROOT, 'api'),
    env: withTraces({ ...process.env, ...env }),
    stdio,
  });
}

/**
 * Deno exports OpenTelemetry only when started with OTEL_DENO=true: a process cannot turn it on
 * for itself. So an OTLP endpoint in the environment is what turns traces on (decision 0034);
 * without one, nothing is added and the API creates no span.
 * @param {Env} env
 * @returns {Env}
 */
export function withTraces(env) {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return env;
  return { OTEL_DENO: 'true', OTEL_SERVICE_NAME: 'cinema-api', ...env };
}

/**
 * Runs one of the API's own Deno scripts (`bench/prepare.ts ...`) to completion: resolves with its
 * stdout, rejects with its stderr. For the benches' and fault tests' data set-up and checks.
 */
/**
 * @param {string[]} args
 * @param {Env} [env]
 * @returns {Promise<string>}
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

/**
 * Whether `port` can be bound on `host` right now: true, 'taken' or 'denied'.
 * @param {number} port
 * @returns {Promise<true | 'taken' | 'denied'>}
 */
export function portFree(port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'EADDRINUSE') resolve('taken');
      else if (error.code === 'EACCES') resolve('denied');
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The parts of `p` (`ports()`) whose port cannot be bound: `[[part, port, 'taken' | 'denied']]`. */
/**
 * @param {Record<string, number>} p
 * @param {(part: string) => string} [hostOf]
 */
export async function takenPorts(p, hostOf = () => '127.0.0.1') {
  /** @type {[string, number, 'taken' | 'denied'][]} */
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
  /** @param {Exit} exit */
  constructor(exit) {
    super(`The API exited as it started (${describeExit(exit)})`);
    this.exit = exit;
  }
}

/**
 * `exit code 1` or `signal SIGKILL`.
 * @param {{ code?: number | null, signal?: string | null }} exit
 */
export function describeExit({ code, signal }) {
  return code !== null && code !== undefined ? `exit code ${code}` : `signal ${signal}`;
}

/**
 * Stops `child` with SIGTERM; resolves once it has exited (at once if it already has).
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the API answers its health check, or fails after `timeoutMs`. Options:
 * - `instance`: the API_INSTANCE_ID the process was started with; only an answer naming it
 *   counts, any other answer on the port is another process's (ForeignApiError);
 * - `child`: the process started; its exit ends the wait at once (ApiExitedError).
 * @param {number} port
 * @param {number} [timeoutMs]
 * @param {{ instance?: string | null, child?: ChildProcess }} [options]
 */
export async function waitForApi(port, timeoutMs = 60_000, { instance, child } = {}) {
  /** @type {Exit | null} */
  let exit = null;
  /** @type {(code: number | null, signal: NodeJS.Signals | null) => void} */
  const onExit = (code, signal) => {
    exit = { code, signal };
  };
  const onError = (/** @type {Error} */ error) => {
    exit = { code: null, signal: null, error };
  };
  child?.once('exit', onExit);
  child?.once('error', onError);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child && child.exitCode !== null) onExit(child.exitCode, null);
      if (child && child.signalCode !== null) onExit(null, child.signalCode);
      const ended = /** @type {Exit | null} */ (exit);
      if (ended?.error) throw ended.error;
      if (ended) throw new ApiExitedError(ended);
      /** @type {{ instance?: string } | null} */
      let body = null;
      let ok = false;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(5_000),
        });
        ok = response.ok;
        body = /** @type {{ instance?: string }} */ (await response.json().catch(() => ({})));
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
 * Runs a command to completion, failing with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<void>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}`)),
    );
  });
}
