// The bench's HTTP client and process handling, shared by scripts/bench.mjs and bench/scale.mjs.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { BIN, ROOT } from '../apps.mjs';

/**
 * @typedef {{
 *   method?: string, path: string, token?: string, body?: unknown,
 *   headers?: Record<string, string>, read?: boolean,
 * }} BenchRequest
 * @typedef {{
 *   status: number, headers: http.IncomingHttpHeaders, body: any, bytes: number, ms: number,
 * }} BenchAnswer
 */

/**
 * One HTTP request to 127.0.0.1:`port` on `agent`, timed from the call to the answer's last
 * byte. The body is read and parsed only when `read` (null otherwise, or when it is not JSON),
 * so that a load loop does not pay for it; `bytes` counts what was read.
 * @param {http.Agent} agent
 * @param {number} port
 * @param {BenchRequest} options
 * @returns {Promise<BenchAnswer>}
 */
export function request(
  agent,
  port,
  { method = 'GET', path: p, token, body, headers = {}, read = false },
) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const start = process.hrtime.bigint();
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path: p,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => read && chunks.push(chunk));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          const raw = Buffer.concat(chunks);
          let parsed = null;
          if (read) {
            try {
              parsed = JSON.parse(raw.toString() || 'null');
            } catch {}
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: parsed,
            bytes: raw.length,
            ms,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Resolves once something accepts connections on 127.0.0.1:`port`.
 * @param {number} port
 */
export async function waitForPort(port, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Nothing listens on port ${port} after ${timeoutMs / 1000} s`);
}

/**
 * `deno <args>` in api/ (the bench's Deno tools: api/bench/*.ts), its stdout piped.
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env added to this process's
 * @returns {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, null>}
 */
export function deno(args, env) {
  return spawn(path.join(BIN, 'deno'), args, {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * Runs `deno <args>` in api/ to its end; resolves to its stdout (its stderr goes to ours).
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<string>}
 */
export function runDeno(args, env) {
  return new Promise((resolve, reject) => {
    const child = deno(args, env);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`deno ${args.join(' ')} exited ${code}`)),
    );
  });
}

/**
 * What a bench starts, stopped in reverse order at its end or on Ctrl-C: child processes
 * (SIGTERM, then SIGKILL after 5 s), then the clean-ups (temp dirs, PostgreSQL).
 */
export function processGroup() {
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @type {(() => unknown)[]} */
  const cleanups = [];
  let stopping = false;
  return {
    /**
     * Keeps `child` to stop at the end; an exit before then is reported under `name`.
     * @template {import('node:child_process').ChildProcess} C
     * @param {C} child
     * @param {string} name
     * @returns {C}
     */
    add(child, name) {
      children.push(child);
      child.on('exit', (code, signal) => {
        if (!stopping) console.error(`${name} exited (${code ?? signal})`);
      });
      return child;
    },
    /** @param {() => unknown} cleanup run (and awaited) after the children are stopped */
    cleanup(cleanup) {
      cleanups.push(cleanup);
    },
    async stopAll() {
      stopping = true;
      for (const child of children.reverse()) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        child.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve(undefined);
          }, 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
        });
      }
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
}
