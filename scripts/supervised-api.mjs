// One API process kept running: what `npm start` runs (scripts/start.mjs), and what
// `npm run cluster` runs per instance (scripts/cluster/cluster.mjs).
import { randomUUID } from 'node:crypto';
import {
  ApiExitedError,
  describeExit,
  EX_CONFIG,
  ForeignApiError,
  spawnApi,
  waitForApi,
} from './apps.mjs';

/**
 * @typedef {import('./apps.mjs').Env} Env
 * @typedef {import('./apps.mjs').Stdio} Stdio
 * @typedef {import('./apps.mjs').ChildProcess} ChildProcess
 * @typedef {import('./apps.mjs').Exit} Exit
 */

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
 * @param {{ name?: string, port: number, env?: Env, stdio?: Stdio,
 *   onSpawn?: (child: ChildProcess) => void, restart?: boolean, isStopping?: () => boolean,
 *   onGiveUp?: (exit: Exit & { reason: string }) => void, log?: (line: string) => void,
 *   backoff?: { firstMs?: number, maxMs?: number, healthyMs?: number },
 *   startTimeoutMs?: number }} options
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
}) {
  /** @type {ChildProcess | null} */
  let child = null;
  /** @type {string | null} */
  let instanceId = null;
  let wanted = false; // stopped on purpose: not started again
  let supervising = false; // healthy once since start(): an exit is then a crash to recover from
  let delay = firstMs;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  let restarts = 0;
  /** @type {WeakMap<ChildProcess, number>} */
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

  /**
   * @param {Exit} exit
   * @param {string} reason
   */
  function giveUp(exit, reason) {
    log(`${name} ${reason}; not starting it again`);
    onGiveUp({ ...exit, reason });
  }

  /**
   * @param {ChildProcess} current
   * @param {Exit} exit
   */
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
    /**
     * Sends `signal` and resolves when the process has exited: {code, signal, ms}.
     * @param {NodeJS.Signals} [signal]
     * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, ms: number }>}
     */
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
