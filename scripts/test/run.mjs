// How `npm test` runs its suites: child processes whose output is kept, and a schedule that runs
// several suites at once, each suite's output printed whole when it ends so the log reads suite
// by suite (docs/decisions/0039-tests-chosen-from-the-import-graph.md).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT } from '../apps.mjs';

/**
 * Where a suite's output goes: printed as it comes (one suite at a time) or kept for later.
 * `nice`: the scheduling priority of the processes it starts (0 normal, higher yields the CPU).
 * @typedef {{ write: (chunk: string | Buffer) => void, text: () => string, nice: number }} Sink
 */

/** @param {boolean} live @param {number} [nice] */
export function sink(live, nice = 0) {
  /** @type {string[]} */
  const chunks = [];
  return {
    nice,
    write(/** @type {string | Buffer} */ chunk) {
      if (live) process.stdout.write(chunk);
      else chunks.push(String(chunk));
    },
    text: () => chunks.join(''),
  };
}

/**
 * Runs a command, writing its output to `out`; resolves with its exit code and what it printed.
 * @param {Sink} out
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
export function exec(out, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: process.env, ...options });
    // Set before the child starts its own processes, which inherit it.
    if (out.nice > 0 && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, out.nice);
      } catch {}
    }
    let output = '';
    const keep = (/** @type {NodeJS.ReadableStream | null} */ stream) =>
      stream?.on('data', (chunk) => {
        output += chunk;
        out.write(chunk);
      });
    keep(child.stdout);
    keep(child.stderr);
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * @typedef {{ passed: number, failed: number, skipped?: string }} Result
 * @typedef {{ name: string, run: (out: Sink) => Promise<Result>, nice?: number }} Job
 */

/**
 * Runs `jobs` at most `concurrency` at a time, in the order given (longest first is the caller's
 * choice). With concurrency 1 each suite prints as it runs; above, each suite's output is kept
 * and printed whole when it ends.
 * @param {Job[]} jobs
 * @param {number} concurrency
 * @returns {Promise<(Result & { name: string, seconds: number })[]>}
 */
export async function schedule(jobs, concurrency) {
  const queue = [...jobs];
  /** @type {(Result & { name: string, seconds: number })[]} */
  const results = [];
  const live = concurrency <= 1;
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const out = sink(live, live ? 0 : (job.nice ?? 0));
      // Side by side, a line when each starts: the log shows what is running while it waits.
      console.log(live ? `\n=== ${job.name} ===` : `--- ${job.name} started`);
      const started = Date.now();
      /** @type {Result} */
      let result;
      try {
        result = await job.run(out);
      } catch (error) {
        out.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
        result = { passed: 0, failed: 1 };
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) {
        console.log(`\n=== ${job.name} (${seconds} s) ===`);
        process.stdout.write(out.text());
      }
      results.push({ name: job.name, ...result, seconds });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}
