// `npm run bench`: the API's speed on a real PostgreSQL 15, against a ceiling.
//
// 1. A throwaway PostgreSQL cluster in a temp dir on a free port (or BENCH_DATABASE_URL).
// 2. The real API (scripts/apps.mjs spawnApi) on a free port with SEED_DEMO=1, and the ceiling
//    server (api/bench/ceiling.ts: Deno.serve + postgres.js, one primary-key SELECT).
// 3. Reads: GET shows/{id}/seats/ and GET shows/ as the demo customer, and the ceiling, each with
//    64 keep-alive connections for BENCH_SECONDS (default 5) after a 1 s warm-up, BENCH_ROUNDS
//    (default 2) times in turn, the best run of each kept.
// 4. Contention: 200 customers race for the 100 seats of a fresh show (hold, then confirm).
// Everything runs on loopback and stops by itself; nothing here is part of `npm test`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, spawnApi, waitForApi } from './apps.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
// Each read is measured this many times, alternating with the others, and the best run is kept:
// on a small shared machine one slow run is usually someone else's work.
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 2;
const WARMUP_SECONDS = 1;
const CONNECTIONS = 64;
const RACERS = 200;
const POOL_MAX = 10;
const API_DIR = path.join(ROOT, 'api');

const children = [];
const cleanups = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL binaries refuse to run as root: run them as the postgres user then. */
function pgCommand(bin, args) {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const run = (bin, args) => {
    const [cmd, argv] = pgCommand(bin, args);
    execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c fsync=off -c max_connections=300`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  cleanups.push(() => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function startChild(child, name) {
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited (${code ?? signal})`);
  });
  return child;
}

function deno(args, env, stdio = ['ignore', 'pipe', 'inherit']) {
  return spawn(path.join(BIN, 'deno'), args, {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio,
  });
}

function runDeno(args, env) {
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

async function waitForPort(port, timeoutMs = 30_000) {
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

/** One HTTP request on the agent; resolves to { status, body } (body only when asked). */
function request(
  agent,
  port,
  { method = 'GET', path: p, token, body, headers = {}, read = false },
) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
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
        const chunks = [];
        res.on('data', (chunk) => read && chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: read ? JSON.parse(Buffer.concat(chunks).toString() || 'null') : null,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CONNECTIONS loops of back-to-back requests: warm-up, then SECONDS measured. */
async function load(name, port, path, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  let measuring = false;
  let done = false;
  const loop = async () => {
    while (!done) {
      const start = process.hrtime.bigint();
      const { status } = await request(agent, port, { path, token });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (!measuring) continue;
      if (status !== 200) errors++;
      latencies.push(ms);
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  measuring = true;
  const started = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  measuring = false;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  done = true;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** Every racer holds one seat (two racers per seat) and pays for it, all at once. */
async function race(port, data) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RACERS });
  const seats = data.raceSeatIds;
  const holds = [];
  const confirms = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    data.raceTokens.map(async (token, i) => {
      const seat = seats[i % seats.length];
      const held = await request(agent, port, {
        method: 'POST',
        path: '/api/holds/',
        token,
        body: { show_id: data.raceShowId, seat_ids: [seat] },
        read: true,
      });
      holds.push(held.status);
      if (held.status !== 201) return;
      const paid = await request(agent, port, {
        method: 'POST',
        path: `/api/holds/${held.body.id}/confirm/`,
        token,
        headers: { 'Idempotency-Key': `bench-${i}` },
      });
      confirms.push(paid.status);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { seconds, holds, confirms };
}

let stopping = false;
async function stopAll() {
  stopping = true;
  for (const child of children.reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(error);
    }
  }
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main() {
  console.log('Starting PostgreSQL...');
  const databaseUrl = await startPostgres();
  const jwtSecret = randomBytes(48).toString('base64url');
  const apiPort = await freePort();
  const ceilingPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(POOL_MAX),
    JWT_SECRET: jwtSecret,
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-data-')),
  };
  cleanups.push(() => rmSync(env.DATA_DIR, { recursive: true, force: true }));

  console.log('Starting the API (migrations, demo data)...');
  startChild(
    spawnApi({
      env: { ...env, API_PORT: String(apiPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    'API',
  );
  await waitForApi(apiPort);
  const data = JSON.parse(
    await runDeno(['run', '-A', 'bench/prepare.ts', 'prepare', String(RACERS)], env),
  );
  startChild(
    deno(['run', '--allow-net', '--allow-env', 'bench/ceiling.ts'], {
      ...env,
      CEILING_PORT: String(ceilingPort),
    }),
    'ceiling',
  );
  await waitForPort(ceilingPort);

  const token = data.customerToken;
  console.log(
    `Load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each, best of ${ROUNDS}, loopback`,
  );
  const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const runs = { ceiling: [], seats: [], shows: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.ceiling.push(
      await load('ceiling: PK SELECT', ceilingPort, `/seat?id=${data.ceilingSeatId}`),
    );
    runs.seats.push(
      await load(
        `GET shows/{id}/seats/ (${data.readShowSeats} seats)`,
        apiPort,
        `/api/shows/${data.readShowId}/seats/`,
        token,
      ),
    );
    runs.shows.push(await load('GET shows/', apiPort, '/api/shows/', token));
  }
  const ceiling = best(runs.ceiling);
  const seatsRun = best(runs.seats);
  const showsRun = best(runs.shows);

  console.log(`Contention: ${RACERS} customers, ${data.raceSeatIds.length} seats...`);
  const contest = await race(apiPort, data);
  const verified = JSON.parse(
    await runDeno(['run', '-A', 'bench/prepare.ts', 'verify', String(data.raceShowId)], env),
  );

  const rows = [ceiling, seatsRun, showsRun];
  const errors = Object.values(runs)
    .flat()
    .reduce((n, r) => n + r.errors, 0);
  console.log('');
  console.log('| endpoint | req/s | p50 ms | p99 ms | x ceiling | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.rps / ceiling.rps, 2)} | ${r.errors} |`,
    );
  }
  const count = (list, status) => list.filter((s) => s === status).length;
  const fiveXX = [...contest.holds, ...contest.confirms].filter((s) => s >= 500).length;
  console.log('');
  console.log('| contention | value |');
  console.log('|---|---:|');
  console.log(`| customers / seats | ${RACERS} / ${data.raceSeatIds.length} |`);
  console.log(`| time to settle | ${fmt(contest.seconds * 1000, 0)} ms |`);
  console.log(`| holds 201 / 409 | ${count(contest.holds, 201)} / ${count(contest.holds, 409)} |`);
  console.log(`| confirms 201 | ${count(contest.confirms, 201)} |`);
  console.log(`| live bookings (distinct seats) | ${verified.live} (${verified.seats}) |`);
  console.log(`| 5xx | ${fiveXX} |`);

  const targets = [
    ['seats >= 0.5 x ceiling', seatsRun.rps >= 0.5 * ceiling.rps],
    ['seats p99 < 25 ms', seatsRun.p99 < 25],
    ['contention < 2 s', contest.seconds < 2],
    [
      'one booking per seat',
      Number(verified.live) === data.raceSeatIds.length &&
        Number(verified.seats) === data.raceSeatIds.length,
    ],
    ['no errors, no 5xx', fiveXX === 0 && errors === 0],
  ];
  console.log('');
  for (const [name, ok] of targets) console.log(`${ok ? 'met   ' : 'MISSED'}  ${name}`);
  console.log(
    `(${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; PostgreSQL pool ${POOL_MAX} per server)`,
  );
}

process.on('SIGINT', () => {
  void stopAll().then(() => process.exit(130));
});

try {
  await main();
  await stopAll();
} catch (error) {
  console.error(error);
  await stopAll();
  process.exit(1);
}
