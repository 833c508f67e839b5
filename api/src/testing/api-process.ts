// The API as a real process (main.ts under Deno, as `npm start` runs it), for the tests that need
// one: signals and shutdown (main.test.ts), the metrics server, the exported traces.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomSecret } from '../config.ts';
import { DEMO_CUSTOMER } from '../demo/seed.ts';
import { createTestDb, onPostgresServer } from './db.ts';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const decoder = new TextDecoder();

export function freePort(): number {
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API as `npm start` runs it, on its own database (a fresh one on the test server, or PGlite). */
export async function startApi(extraEnv: Record<string, string> = {}) {
  const testDb = onPostgresServer ? await createTestDb() : null;
  const dataDir = await mkdtemp(join(tmpdir(), 'cinema-main-test-'));
  const port = freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: randomSecret(),
    SEED_DEMO: '1',
    ...extraEnv,
  };
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'DENO_DIR']) {
    const value = Deno.env.get(name);
    if (value) env[name] = value;
  }
  if (testDb?.url) env.DATABASE_URL = testDb.url;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      'run',
      '--allow-env',
      '--allow-net',
      '--allow-read',
      '--allow-write',
      '--allow-sys',
      '--allow-ffi',
      'src/main.ts',
    ],
    cwd: API_DIR,
    env,
    clearEnv: true,
    stdin: 'null',
    stdout: 'piped',
    stderr: 'piped',
  }).spawn();
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  const collected = Promise.all([collect(child.stdout), collect(child.stderr)]);
  let exited = false;
  const status = child.status.then(async (s) => {
    exited = true;
    await collected;
    return s;
  });

  const deadline = performance.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`The API exited while starting:\n${output}`);
    if (performance.now() > deadline) throw new Error(`The API did not start:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }

  const base = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${base}/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email_or_username: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    }),
  });
  assert.equal(login.status, 200);
  const token: string = (await login.json()).access;
  const shows = await fetch(`${base}/shows/`, { headers: { Authorization: `Bearer ${token}` } });
  const [show] = await shows.json();
  assert.ok(show, 'the demo data has an upcoming show');

  return {
    port,
    pid: child.pid,
    token,
    showId: show.id as number,
    status,
    output: () => output,
    kill: (signal: Deno.Signal) => child.kill(signal),
    async [Symbol.asyncDispose]() {
      if (!exited) child.kill('SIGKILL');
      await status;
      await rm(dataDir, { recursive: true, force: true });
      await testDb?.close();
    },
  };
}
