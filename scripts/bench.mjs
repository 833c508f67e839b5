// `npm run bench`: the API's speed on a real PostgreSQL 15, against a ceiling.
//
// 1. A throwaway PostgreSQL cluster in a temp dir on a free port (or BENCH_DATABASE_URL), with
//    track_commit_timestamp on (the streaming phase reads when each change committed).
// 2. The real API (scripts/apps.mjs spawnApi) on a free port with SEED_DEMO=1, or two of them on
//    the same database (`npm run bench -- --instances 2`, or BENCH_INSTANCES=2: every phase then
//    alternates its requests between them), and the ceiling server (api/bench/ceiling.ts:
//    Deno.serve + postgres.js, one primary-key SELECT).
// 3. Reads: GET health/ (the API's own floor: its middleware and one trivial query), GET
//    shows/{id}/seats/ (full answers, then revalidations with If-None-Match: 304s) and GET shows/
//    as the demo customer, and the ceiling, each with 64 keep-alive connections for BENCH_SECONDS
//    (default 5) after a 1 s warm-up, BENCH_ROUNDS (default 2) times in turn, the best run of each
//    kept.
// 4. Contention: 200 customers race for the 100 seats of a fresh show (hold, then confirm).
// 5. Streaming: BENCH_VIEWERS (default 500) customers watch another fresh show's seat events
//    (fetch streaming, Authorization header, as the apps do) while 200 customers race for its
//    seats; each change's latency is from its commit (PostgreSQL's commit timestamp) to its
//    arrival at each viewer.
// `npm run bench -- --cluster` (scripts/bench-cluster.mjs) runs it all through the cluster of
// `npm run cluster` instead: PostgreSQL primary and standby, --instances N (default 2) API
// instances, HAProxy in front; the two races are paced over BENCH_RACE_SPREAD_MS (8 s) and
// during each one instance is restarted (SIGTERM, drain, start again); viewers whose stream the
// restart ends resume from their last event, as the apps do.
// Everything runs on loopback and stops by itself; nothing here is part of `npm test`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, spawnApi, waitForApi } from './apps.mjs';
import {
  clusterTargets,
  printClusterReport,
  RACE_SPREAD_MS,
  restartDuring,
  startBenchCluster,
} from './bench-cluster.mjs';
import { freePort, startThrowawayPostgres } from './postgres.mjs';

// `npm run bench -- --scale`: a year of a chain's data instead (scripts/bench-scale.mjs).
if (process.argv.includes('--scale')) {
  const { benchScale } = await import('./bench-scale.mjs');
  process.exit(await benchScale());
}

const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
// Each read is measured this many times, alternating with the others, and the best run is kept:
// on a small shared machine one slow run is usually someone else's work.
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 2;
const WARMUP_SECONDS = 1;
const CONNECTIONS = 64;
const RACERS = 200;
const VIEWERS = Number(process.env.BENCH_VIEWERS) || 500;
// Every viewer streams from this one machine, which the API's per-network limit of open seat
// streams (50 by default, docs/decisions/0026-streams-end-with-their-session.md) would stop.
const STREAM_LIMITS = { SEAT_STREAMS_PER_ADDRESS: String(VIEWERS + RACERS) };
const POOL_MAX = 10;
const instancesArg = process.argv.indexOf('--instances');
const CLUSTER = process.argv.includes('--cluster');
const INSTANCES =
  Number(instancesArg === -1 ? process.env.BENCH_INSTANCES : process.argv[instancesArg + 1]) ||
  (CLUSTER ? 2 : 1);
// Figures of the same phases measured before the seat-map snapshots (migration 0011, decision
// 0014), which the targets below are set against.
const BEFORE = { seats: 0.25, seatsP99: 47.6, shows: 0.05, settleMs: 562 };
const API_DIR = path.join(ROOT, 'api');

const children = [];
const cleanups = [];

async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  // The streaming phase reads when each change committed.
  const cluster = await startThrowawayPostgres({
    prefix: 'cinema-bench-pg-',
    settings: { track_commit_timestamp: 'on' },
  });
  cleanups.push(() => cluster.stop());
  return cluster.url;
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
            headers: res.headers,
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

/**
 * CONNECTIONS loops of back-to-back requests, alternating between `ports` (the API instances):
 * warm-up, then SECONDS measured. `ok` is the status that counts as a success.
 */
async function load(name, ports, path, { token, headers, ok = 200 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * ports.length });
  const latencies = [];
  let errors = 0;
  let measuring = false;
  let done = false;
  let sent = 0;
  const loop = async () => {
    while (!done) {
      const port = ports[sent++ % ports.length];
      const start = process.hrtime.bigint();
      const { status } = await request(agent, port, { path, token, headers });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (!measuring) continue;
      if (status !== ok) errors++;
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

/**
 * Every racer holds one seat (two racers per seat) and pays for it, all at once. With several
 * instances, racer i holds through one and pays through the next. With `spreadMs` the racers
 * arrive over that long instead, two at a time for the same seat. A request that gets no answer
 * at all counts as status 0; `servedBy` is the instance behind a balancer that answered each.
 */
async function race(ports, showId, seats, tokens, { spreadMs = 0 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RACERS });
  const holds = [];
  const confirms = [];
  const servedBy = [];
  const send = (port, options) =>
    request(agent, port, options).then(
      (answer) => {
        servedBy.push(answer.headers['x-served-by'] ?? null);
        return answer;
      },
      () => ({ status: 0 }),
    );
  const started = process.hrtime.bigint();
  await Promise.all(
    tokens.map(async (token, i) => {
      let seat = seats[i % seats.length];
      if (spreadMs) {
        seat = seats[Math.floor(i / 2) % seats.length];
        await new Promise((resolve) => setTimeout(resolve, (i * spreadMs) / tokens.length));
      }
      const held = await send(ports[i % ports.length], {
        method: 'POST',
        path: '/api/holds/',
        token,
        body: { show_id: showId, seat_ids: [seat] },
        read: true,
      });
      holds.push(held.status);
      if (held.status !== 201) return;
      const paid = await send(ports[(i + 1) % ports.length], {
        method: 'POST',
        path: `/api/holds/${held.body.id}/confirm/`,
        token,
        headers: { 'Idempotency-Key': `bench-${showId}-${i}` },
      });
      confirms.push(paid.status);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { seconds, holds, confirms, servedBy };
}

/** Wall-clock milliseconds with sub-millisecond precision (comparable with PostgreSQL's clock). */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * One viewer of a show's seat events, the way the apps read them: fetch streaming with the
 * Authorization header. Records when each `seats` event arrived (by event id); `ready` resolves
 * once the stream's opening `ready` event is in. A stream the server ends (an instance shutting
 * down says `bye` with a short `retry:`) is resumed after that wait from the last event id, as
 * the apps do; `servedBy` is the instance behind a balancer of each connection.
 */
function openViewer(port, showId, token) {
  const controller = new AbortController();
  const arrivals = new Map();
  const servedBy = [];
  let lastId = null;
  let retryMs = 2000;
  let markReady;
  const ready = new Promise((resolve, reject) => {
    markReady = resolve;
    setTimeout(() => reject(new Error('no ready event within 30 s')), 30_000).unref();
  });
  const pause = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  const done = (async () => {
    while (!controller.signal.aborted) {
      const headers = { Authorization: `Bearer ${token}` };
      if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
      const res = await fetch(`http://127.0.0.1:${port}/api/shows/${showId}/seats/events/`, {
        headers,
        signal: controller.signal,
      });
      if (res.status !== 200) throw new Error(`seat events answered ${res.status}`);
      servedBy.push(res.headers.get('x-served-by'));
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body) {
        const at = wallNow();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          const retry = /^retry: (\d+)$/m.exec(frame)?.[1];
          if (retry) retryMs = Number(retry);
          if (id) lastId = Number(id);
          if (/^event: ready$/m.test(frame)) markReady(Number(id));
          else if (id && /^event: seats$/m.test(frame)) arrivals.set(Number(id), at);
        }
      }
      await pause(retryMs);
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') throw error;
  });
  return { ready, arrivals, servedBy, done, close: () => controller.abort() };
}

/**
 * VIEWERS streams on the show, then the race on it; every change's latency from its commit to
 * each viewer's receipt. Commit times are PostgreSQL's (track_commit_timestamp) when the server
 * keeps them; else seat_events.created_at, the writing request's clock when it began, which
 * counts the transaction's own time (lock waits included) as latency too.
 */
async function streamingRace(ports, data, env, { spreadMs = 0, during } = {}) {
  const viewers = data.viewerTokens.map((token, i) =>
    openViewer(ports[i % ports.length], data.streamShowId, token),
  );
  const readyIds = await Promise.all(viewers.map((v) => v.ready));
  const firstServedBy = viewers.map((v) => v.servedBy[0]);
  const raced = race(ports, data.streamShowId, data.streamSeatIds, data.raceTokens, { spreadMs });
  const restart = during?.(performance.now());
  const contest = await raced;
  const restarted = await restart;
  const events = JSON.parse(
    await runDeno(['run', '-A', 'bench/prepare.ts', 'events', String(data.streamShowId)], env),
  );
  const expected = events.rows.filter((e) => e.id > Math.max(...readyIds));
  const last = expected.at(-1)?.id;
  // Every viewer has the last change, or 5 s have passed.
  const deadline = Date.now() + 5000;
  while (
    Date.now() < deadline &&
    !viewers.every((v) => last === undefined || v.arrivals.has(last))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const v of viewers) v.close();
  await Promise.all(viewers.map((v) => v.done));
  const latencies = [];
  // Split by whether the viewer's stream was ended by a restart and resumed (the cluster's).
  const byViewer = { steady: [], resumed: [] };
  let missing = 0;
  for (const e of expected) {
    for (const v of viewers) {
      const at = v.arrivals.get(e.id);
      if (at === undefined) missing++;
      else {
        latencies.push(at - e.committed_at);
        byViewer[v.servedBy.length > 1 ? 'resumed' : 'steady'].push(at - e.committed_at);
      }
    }
  }
  latencies.sort((a, b) => a - b);
  for (const list of Object.values(byViewer)) list.sort((a, b) => a - b);
  const spread = (list) => ({ p50: percentile(list, 50), p99: percentile(list, 99) });
  return {
    contest,
    restart: restarted,
    firstServedBy,
    reconnects: viewers.reduce((n, v) => n + v.servedBy.length - 1, 0),
    steady: spread(byViewer.steady),
    resumed: spread(byViewer.resumed),
    viewers: viewers.length,
    events: expected.length,
    deliveries: latencies.length,
    missing,
    clock: events.clock,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
  };
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
      await cleanup();
    } catch (error) {
      console.error(error);
    }
  }
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function startApi(env, port, name) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  startChild(
    spawnApi({
      env: { ...env, DATA_DIR: dataDir, API_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    name,
  );
  await waitForApi(port);
}

async function main() {
  const cluster = CLUSTER
    ? await (async () => {
        console.log(
          `Starting the cluster: PostgreSQL primary and standby, ${INSTANCES} API instances, HAProxy...`,
        );
        // The streaming phase reads when each change committed.
        const started = await startBenchCluster({
          instances: INSTANCES,
          env: { DATABASE_POOL_MAX: String(POOL_MAX), ...STREAM_LIMITS },
          postgresSettings: { track_commit_timestamp: 'on' },
        });
        cleanups.push(() => started.stop());
        return started;
      })()
    : null;
  if (!cluster) console.log('Starting PostgreSQL...');
  const databaseUrl = cluster ? cluster.env.DATABASE_URL : await startPostgres();
  const jwtSecret = cluster ? cluster.env.JWT_SECRET : randomBytes(48).toString('base64url');
  const ceilingPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(POOL_MAX),
    JWT_SECRET: jwtSecret,
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    ...STREAM_LIMITS,
  };

  // One after the other: the first migrates and seeds, the others find it done. The cluster's
  // instances are all behind its HAProxy.
  const ports = cluster ? [cluster.site.api] : [];
  for (let i = 0; !cluster && i < INSTANCES; i++) {
    const port = await freePort();
    console.log(`Starting API instance ${i + 1} of ${INSTANCES} (migrations, demo data)...`);
    await startApi(env, port, `API ${i + 1}`);
    ports.push(port);
  }
  const data = JSON.parse(
    await runDeno(
      ['run', '-A', 'bench/prepare.ts', 'prepare', String(RACERS), String(VIEWERS)],
      env,
    ),
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
  const seatMap = `/api/shows/${data.readShowId}/seats/`;
  const { headers: mapHeaders } = await request(http.globalAgent, ports[0], {
    path: seatMap,
    token,
  });
  const etag = mapHeaders.etag;
  console.log(
    `Load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each, best of ${ROUNDS}, loopback, ${INSTANCES} API instance(s)`,
  );
  const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const runs = { ceiling: [], health: [], seats: [], revalidate: [], shows: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.ceiling.push(
      await load('ceiling: PK SELECT', [ceilingPort], `/seat?id=${data.ceilingSeatId}`),
    );
    runs.health.push(await load('GET health/ (the API’s floor)', ports, '/api/health'));
    runs.seats.push(
      await load(`GET shows/{id}/seats/ (${data.readShowSeats} seats)`, ports, seatMap, { token }),
    );
    runs.revalidate.push(
      await load('GET shows/{id}/seats/, If-None-Match (304)', ports, seatMap, {
        token,
        headers: { 'If-None-Match': etag },
        ok: 304,
      }),
    );
    runs.shows.push(
      await load(`GET shows/ (${data.upcomingShows} shows)`, ports, '/api/shows/', { token }),
    );
  }
  const ceiling = best(runs.ceiling);
  const seatsRun = best(runs.seats);
  const showsRun = best(runs.shows);

  console.log(`Contention: ${RACERS} customers, ${data.raceSeatIds.length} seats...`);
  // Through the cluster the racers arrive over a few seconds, and an instance restarts meanwhile.
  const paced = cluster ? { spreadMs: RACE_SPREAD_MS } : {};
  const [contest, restart] = await Promise.all([
    race(ports, data.raceShowId, data.raceSeatIds, data.raceTokens, paced),
    cluster && restartDuring(cluster, 0, performance.now()),
  ]);
  const verified = JSON.parse(
    await runDeno(['run', '-A', 'bench/prepare.ts', 'verify', String(data.raceShowId)], env),
  );
  console.log(`Streaming: ${VIEWERS} viewers while ${RACERS} customers race for another show...`);
  const streamed = await streamingRace(ports, data, env, {
    ...paced,
    during: cluster && ((t0) => restartDuring(cluster, 1 % INSTANCES, t0)),
  });
  const streamVerified = JSON.parse(
    await runDeno(['run', '-A', 'bench/prepare.ts', 'verify', String(data.streamShowId)], env),
  );

  const rows = [ceiling, ...['health', 'seats', 'revalidate', 'shows'].map((k) => best(runs[k]))];
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
  const fiveXX = (c) => [...c.holds, ...c.confirms].filter((s) => s >= 500).length;
  const oneEach = (v, seats) => Number(v.live) === seats && Number(v.seats) === seats;
  console.log('');
  console.log('| contention | race | race with viewers |');
  console.log('|---|---:|---:|');
  const both = (label, f) =>
    console.log(`| ${label} | ${f(contest, verified)} | ${f(streamed.contest, streamVerified)} |`);
  both('customers / seats', () => `${RACERS} / ${data.raceSeatIds.length}`);
  both('time to settle', (c) => `${fmt(c.seconds * 1000, 0)} ms`);
  both('holds 201 / 409', (c) => `${count(c.holds, 201)} / ${count(c.holds, 409)}`);
  both('confirms 201', (c) => count(c.confirms, 201));
  both('live bookings (distinct seats)', (_, v) => `${v.live} (${v.seats})`);
  both('5xx', (c) => fiveXX(c));
  console.log('');
  console.log('| streaming | value |');
  console.log('|---|---:|');
  console.log(`| viewers / changes | ${streamed.viewers} / ${streamed.events} |`);
  console.log(`| deliveries (missing) | ${streamed.deliveries} (${streamed.missing}) |`);
  console.log(
    `| commit to receipt p50 / p99 / max | ${fmt(streamed.p50, 1)} / ${fmt(streamed.p99, 1)} / ${fmt(streamed.max, 1)} ms |`,
  );
  console.log(`| commit time from | ${streamed.clock} |`);
  const races = [
    { label: 'race', contest, verified, restart },
    {
      label: 'race with viewers',
      contest: streamed.contest,
      verified: streamVerified,
      restart: streamed.restart,
      streams: streamed,
    },
  ];
  if (cluster) printClusterReport(races, INSTANCES);

  const x = (r) => r.rps / ceiling.rps;
  const targets = [
    [`seat map >= 0.6 x ceiling (before ${BEFORE.seats})`, x(seatsRun) >= 0.6],
    [`seat map p99 < 25 ms (before ${BEFORE.seatsP99} ms)`, seatsRun.p99 < 25],
    [`GET shows/ >= 0.4 x ceiling (before ${BEFORE.shows})`, x(showsRun) >= 0.4],
    [
      'a change reaches every open stream, p99 < 1 s',
      streamed.missing === 0 && streamed.p99 < 1000,
    ],
    // A paced race (the cluster's) takes as long as its pace.
    ...(cluster
      ? []
      : [
          [
            `race settles no slower than before (${BEFORE.settleMs} ms)`,
            contest.seconds * 1000 <= BEFORE.settleMs,
          ],
        ]),
    [
      'one booking per seat',
      oneEach(verified, data.raceSeatIds.length) &&
        oneEach(streamVerified, data.streamSeatIds.length),
    ],
    ['no errors, no 5xx', fiveXX(contest) === 0 && fiveXX(streamed.contest) === 0 && errors === 0],
    ...(cluster ? clusterTargets(races, INSTANCES) : []),
  ];
  console.log('');
  for (const [name, ok] of targets) console.log(`${ok ? 'met   ' : 'MISSED'}  ${name}`);
  console.log(
    `(${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; PostgreSQL pool ${POOL_MAX} per server; ${INSTANCES} API instance(s)${cluster ? ' behind HAProxy' : ''})`,
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
