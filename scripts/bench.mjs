// `npm run bench`: the API's speed on a real PostgreSQL 15, against a ceiling.
//
// 1. A throwaway PostgreSQL cluster in a temp dir on a free port (or BENCH_DATABASE_URL), with
//    track_commit_timestamp on (the streaming phase reads when each change committed).
// 2. The real API (scripts/apps.mjs spawnApi) on a free port with SEED_DEMO=1, or two of them on
//    the same database (`npm run bench -- --instances 2`, or BENCH_INSTANCES=2: every phase then
//    alternates its requests between them), and the ceiling server (api/bench/ceiling.ts:
//    Deno.serve + postgres.js, one primary-key SELECT).
// 3. Reads: GET health/ (the API's own floor: its middleware and one trivial query), GET
//    shows/{id}/seats/ (full answers as a browser asks for them, compressed; the same not
//    compressed; then revalidations with If-None-Match: 304s) and GET shows/ as the demo
//    customer, and the ceiling, each with 64 keep-alive connections for BENCH_SECONDS (default 5)
//    after a 1 s warm-up, BENCH_ROUNDS (default 2) times in turn, the best run of each kept.
// 4. Contention: 200 customers race for the 100 seats of a fresh show (hold, then confirm). One
//    refused (seat taken, or it would strand a single seat: decision 0045) re-reads the seat map
//    and holds the nearest seat the rules allow, at most 3 holds (bench/load.mjs race); one-seat
//    customers cannot fill two free seats between taken ones, so those stay free ("only for
//    groups" in the report: about a third of a plain rectangle).
// 5. Streaming: BENCH_VIEWERS (default 500) customers watch another fresh show's seat events
//    (fetch streaming, Authorization header, as the apps do) while 200 customers race for its
//    seats; each change's latency is from its commit (PostgreSQL's commit timestamp) to its
//    arrival at each viewer.
// 6. Seat rules: bestAvailable and selectionProblem on the largest layout, in this process
//    (scripts/bench/rules.mjs).
// `npm run bench -- --cluster` (scripts/bench/cluster.mjs) runs it all through the cluster of
// `npm run cluster` instead: PostgreSQL primary and standby, --instances N (default 2) API
// instances, HAProxy in front; the two races are paced over BENCH_RACE_SPREAD_MS (8 s) and
// during each one instance is restarted (SIGTERM, drain, start again); viewers whose stream the
// restart ends resume from their last event, as the apps do.
// Everything runs on loopback and stops by itself; nothing here is part of `npm test`.
// `npm run bench -- --scale`: a year of a chain's data instead (scripts/bench/scale.mjs).
// `npm run bench -- --onsale`: 10,000 fans at a high-demand show's opening, through the cluster
// (scripts/bench/onsale.mjs).
// The phases are in scripts/bench/ (load.mjs, report.mjs, stats.mjs); this file runs them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnApi, waitForApi } from './apps.mjs';
import { parseBenchArgs } from './bench/args.mjs';
import {
  clusterReport,
  clusterTargets,
  restartDuring,
  startBenchCluster,
} from './bench/cluster.mjs';
import { deno, processGroup, request, runDeno, waitForPort } from './bench/http.mjs';
import { load, race, streamingRace } from './bench/load.mjs';
import {
  benchTargets,
  contentionTable,
  oneEach,
  readsTable,
  streamingTable,
} from './bench/report.mjs';
import { rulesBench } from './bench/rules.mjs';
import { leftForGroups } from './bench/seat-choice.mjs';
import { best, verdicts } from './bench/stats.mjs';
import { freePort, startThrowawayPostgres } from './postgres.mjs';

const options = parseBenchArgs(process.argv.slice(2), process.env);
if (options.scale) {
  const { benchScale } = await import('./bench/scale.mjs');
  process.exit(await benchScale());
}
if (options.onsale) {
  const { benchOnsale } = await import('./bench/onsale.mjs');
  process.exit(await benchOnsale(options));
}

const { seconds: SECONDS, rounds: ROUNDS, viewers: VIEWERS, instances: INSTANCES } = options;
// Each read is measured ROUNDS times (BENCH_ROUNDS), alternating with the others, and the best
// run is kept: on a small shared machine one slow run is usually someone else's work.
const WARMUP_SECONDS = 1;
const CONNECTIONS = 64;
const RACERS = 200;
// Every viewer streams from this one machine, which the API's per-network limit of open seat
// streams (50 by default, docs/decisions/0026-streams-end-with-their-session.md) would stop.
const STREAM_LIMITS = { SEAT_STREAMS_PER_ADDRESS: String(VIEWERS + RACERS) };
const POOL_MAX = 10;
const processes = processGroup();

/** A throwaway PostgreSQL (or BENCH_DATABASE_URL); resolves to its URL. */
async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  // The streaming phase reads when each change committed.
  const cluster = await startThrowawayPostgres({
    prefix: 'cinema-bench-pg-',
    settings: { track_commit_timestamp: 'on' },
  });
  processes.cleanup(() => cluster.stop());
  return cluster.url;
}

/**
 * One API instance on `port` with a data dir of its own; resolves once it answers.
 * @param {Record<string, string>} env
 * @param {number} port
 * @param {string} name
 */
async function startApi(env, port, name) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-data-'));
  processes.cleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  // BENCH_METRICS=1: each instance also serves its Prometheus metrics, on a port of its own (what
  // they cost the seat map's ratio; docs/configuration.md METRICS_PORT).
  const metrics = process.env.BENCH_METRICS ? { METRICS_PORT: String(await freePort()) } : {};
  processes.add(
    spawnApi({
      env: { ...env, ...metrics, DATA_DIR: dataDir, API_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    name,
  );
  await waitForApi(port);
}

async function main() {
  let cluster = null;
  if (options.cluster) {
    console.log(
      `Starting the cluster: PostgreSQL primary and standby, ${INSTANCES} API instances, HAProxy...`,
    );
    // The streaming phase reads when each change committed.
    const started = await startBenchCluster({
      instances: INSTANCES,
      env: { DATABASE_POOL_MAX: String(POOL_MAX), ...STREAM_LIMITS },
      postgresSettings: { track_commit_timestamp: 'on' },
    });
    processes.cleanup(() => started.stop());
    cluster = started;
  } else console.log('Starting PostgreSQL...');
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
  processes.add(
    deno(['run', '--allow-net', '--allow-env', 'bench/ceiling.ts'], {
      ...env,
      CEILING_PORT: String(ceilingPort),
    }),
    'ceiling',
  );
  await waitForPort(ceilingPort);

  const token = data.customerToken;
  const seatMap = `/api/shows/${data.readShowId}/seats/`;
  const { headers: mapHeaders } = await request(
    http.globalAgent,
    /** @type {number} */ (ports[0]),
    {
      path: seatMap,
      token,
    },
  );
  const etag = String(mapHeaders.etag);
  console.log(
    `Load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each, best of ${ROUNDS}, loopback, ${INSTANCES} API instance(s)`,
  );
  const pace = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  /** @type {Record<'ceiling' | 'health' | 'seats' | 'seatsIdentity' | 'revalidate' | 'shows', import('./bench/load.mjs').LoadRun[]>} */
  const runs = { ceiling: [], health: [], seats: [], seatsIdentity: [], revalidate: [], shows: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const ceilingPath = `/seat?id=${data.ceilingSeatId}`;
    runs.ceiling.push(await load('ceiling: PK SELECT', [ceilingPort], ceilingPath, pace));
    runs.health.push(await load('GET health/ (the API’s floor)', ports, '/api/health', pace));
    runs.seats.push(
      await load(`GET shows/{id}/seats/ (${data.readShowSeats} seats)`, ports, seatMap, {
        ...pace,
        token,
      }),
    );
    // The same map for a client that does not accept compression (what the ratio was before).
    runs.seatsIdentity.push(
      await load('GET shows/{id}/seats/, not compressed', ports, seatMap, {
        ...pace,
        token,
        headers: { 'Accept-Encoding': 'identity' },
      }),
    );
    runs.revalidate.push(
      await load('GET shows/{id}/seats/, If-None-Match (304)', ports, seatMap, {
        ...pace,
        token,
        headers: { 'If-None-Match': etag },
        ok: 304,
      }),
    );
    runs.shows.push(
      await load(`GET shows/ (${data.upcomingShows} shows)`, ports, '/api/shows/', {
        ...pace,
        token,
      }),
    );
  }

  console.log(`Contention: ${RACERS} customers, ${data.raceSeatIds.length} seats...`);
  // Through the cluster the racers arrive over a few seconds, and an instance restarts meanwhile.
  const paced = cluster ? { spreadMs: options.raceSpreadMs } : {};
  const [contest, restart] = await Promise.all([
    race(ports, data.raceShowId, data.raceSeatIds, data.raceTokens, paced),
    cluster && restartDuring(cluster, 0, performance.now()),
  ]);
  // The database's counts, and the seats left that only a group could take (the map's rules).
  const verify = async (/** @type {number} */ showId) => {
    const counts = JSON.parse(
      await runDeno(['run', '-A', 'bench/prepare.ts', 'verify', String(showId)], env),
    );
    const map = await request(http.globalAgent, /** @type {number} */ (ports[0]), {
      path: `/api/shows/${showId}/seats/`,
      token,
      read: true,
    });
    if (map.status !== 200) throw new Error(`seat map answered ${map.status}`);
    return { ...counts, groupsOnly: leftForGroups(map.body) };
  };
  const verified = await verify(data.raceShowId);
  console.log(`Streaming: ${VIEWERS} viewers while ${RACERS} customers race for another show...`);
  const streamed = await streamingRace(ports, data, env, {
    ...paced,
    during: cluster && ((t0) => restartDuring(cluster, 1 % INSTANCES, t0)),
  });
  const streamVerified = await verify(data.streamShowId);

  const rows = /** @type {const} */ ([
    'ceiling',
    'health',
    'seats',
    'seatsIdentity',
    'revalidate',
    'shows',
  ]).map((k) => best(runs[k]));
  const errors = Object.values(runs)
    .flat()
    .reduce((n, r) => n + r.errors, 0);
  const lines = [
    '',
    ...readsTable(rows),
    '',
    ...contentionTable(
      [
        { contest, verified },
        { contest: streamed.contest, verified: streamVerified },
      ],
      data.raceSeatIds.length,
    ),
    '',
    ...streamingTable(streamed),
  ];
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
  if (cluster) {
    lines.push('', ...clusterReport(/** @type {any} */ (races), INSTANCES, options.raceSpreadMs));
  }
  const targets = [
    ...benchTargets({
      ceiling: best(runs.ceiling),
      seats: best(runs.seats),
      shows: best(runs.shows),
      errors,
      paced: Boolean(cluster),
      race: contest,
      raceOk: oneEach(verified, data.raceSeatIds.length),
      streamed,
      streamOk: oneEach(streamVerified, data.streamSeatIds.length),
    }),
    ...(cluster ? clusterTargets(/** @type {any} */ (races), INSTANCES) : []),
  ];
  console.log('Seat rules: bestAvailable and selectionProblem on 26 x 60 seats...');
  const rules = rulesBench();
  lines.push('', ...rules.lines);
  targets.push(...rules.targets);
  lines.push('', ...verdicts(targets));
  for (const line of lines) console.log(line);
  console.log(
    `(${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; PostgreSQL pool ${POOL_MAX} per server; ${INSTANCES} API instance(s)${cluster ? ' behind HAProxy' : ''})`,
  );
}

process.on('SIGINT', () => {
  void processes.stopAll().then(() => process.exit(130));
});

try {
  await main();
  await processes.stopAll();
} catch (error) {
  console.error(error);
  await processes.stopAll();
  process.exit(1);
}
