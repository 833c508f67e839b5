// `npm run bench -- --scale` (scripts/bench.mjs runs it): the lists, search and reports at a busy chain's year of data.
//
// 1. A throwaway PostgreSQL cluster (scripts/postgres.mjs) on a free port, or BENCH_DATABASE_URL
//    (an EMPTY database: the seed refuses a product that has data).
// 2. The migrations up to the one the seed is written for (api/bench/scale.ts migrate), then
//    api/bench/scale-seed.sql, set-based: 200 owners, 500 theaters, 5,000 movies, 100,000 shows
//    over a year with their seats, 100,000 customers, about 1,000,000 bookings. Target: < 3 min.
// 3. The real API on it (NODE_ENV=production; it applies the newer migrations on the seeded rows
//    at start; then VACUUM (ANALYZE), as autovacuum would after their backfills), an admin from
//    ADMIN_EMAIL, and sign-ins through POST login/ as the admin, the
//    owner with the most theaters and a customer with tickets.
// 4. Each measure: BENCH_WARMUP (3) requests, then BENCH_REQUESTS (30) one after the other over
//    one keep-alive connection; p50 and p95 of those, the answer's size, and the target.
// 5. `--explain`: EXPLAIN (ANALYZE, BUFFERS) of every list statement as the API runs it, written
//    to BENCH_EXPLAIN_FILE (default scale-explain.md in the temp dir; the path is printed).
//    `--keep`: leave the cluster and the API running at the end (their URLs are printed) to look
//    around; Ctrl-C stops them.
// Exits 1 when a target is missed. Not part of `npm test`.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnApi, waitForApi } from '../apps.mjs';
import { freePort, startThrowawayPostgres } from '../postgres.mjs';
import { processGroup, request, runDeno } from './http.mjs';
import { describeAnswer, grouped as fmt, kb, percentile } from './stats.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS) || 30;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const SEED_TARGET_S = 180;
const LIST_TARGET_MS = 50;
const PASSWORD = 'Scale#2026';
const ADMIN = { email: 'admin@scale.test', password: 'Admin#Scale2026' };

const processes = processGroup();
// Ctrl-C stops everything; with --keep, it ends the wait at the end instead.
/** @type {(() => void) | null} */
let onInterrupt = null;

/**
 * api/bench/scale.ts <args>: resolves to its stdout (its stderr goes to ours).
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
const scaleTool = (args, env) => runDeno(['run', '-A', 'bench/scale.ts', ...args], env);

async function main() {
  const explain = process.argv.includes('--explain');
  const keep = process.argv.includes('--keep');
  const started = Date.now();
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    console.log('Starting PostgreSQL...');
    // A modest server's settings; everything else is PostgreSQL's default (work_mem 4 MB, JIT
    // on: the API turns it off for its own connections).
    const cluster = await startThrowawayPostgres({
      prefix: 'cinema-scale-pg-',
      settings: {
        shared_buffers: '512MB',
        maintenance_work_mem: '256MB',
        max_wal_size: '8GB',
        checkpoint_timeout: '30min',
        synchronous_commit: 'off',
      },
    });
    processes.cleanup(() => cluster.stop());
    databaseUrl = cluster.url;
  }
  const env = { DATABASE_URL: databaseUrl, SCALE_PASSWORD: PASSWORD };

  console.log('Migrating and seeding (set-based)...');
  await scaleTool(['migrate'], env);
  const seeded = JSON.parse(await scaleTool(['seed'], env));
  console.log(
    `${seeded.seconds === null ? 'Seeded before' : `Seeded in ${seeded.seconds} s`}: ${Object.entries(
      seeded,
    )
      .filter(([k]) => k !== 'seconds')
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replaceAll('_', ' ')}`)
      .join(', ')}`,
  );

  const port = await freePort();
  const apiEnv = {
    DATABASE_URL: databaseUrl,
    API_PORT: String(port),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    NODE_ENV: 'production',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  console.log('Starting the API (it applies the newer migrations on the seeded rows)...');
  const apiStarted = Date.now();
  processes.add(spawnApi({ env: apiEnv, stdio: ['ignore', 'ignore', 'inherit'] }), 'the API');
  await waitForApi(port, 20 * 60_000);
  console.log(`API up in ${fmt((Date.now() - apiStarted) / 1000)} s`);
  await scaleTool(['vacuum'], env);

  const facts = JSON.parse(await scaleTool(['facts'], env));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const login = async (email, password) => {
    const r = await request(agent, port, {
      method: 'POST',
      path: '/api/login/',
      read: true,
      body: { email_or_username: email, password },
    });
    if (r.status !== 200 || !r.body?.access) {
      throw new Error(`login of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
    }
    return r.body.access;
  };
  const tokens = {
    admin: await login(ADMIN.email, ADMIN.password),
    owner: await login(facts.owner.email, PASSWORD),
    customer: await login(facts.customer.email, PASSWORD),
  };

  const q = encodeURIComponent;
  const { many, few, theater } = facts.search;
  const today = new Date();
  const day = (offset) =>
    new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const LIST = LIST_TARGET_MS;
  // [name, role, path, p95 target in ms (null: measured, no target), max bytes (null: none)]
  /** @type {[string, 'admin' | 'owner' | 'customer', string, number | null, (number | null)?][]} */
  const measures = [
    ['admin bookings, page 1', 'admin', '/api/bookings/admin/?page=1', LIST],
    ['admin bookings, page 500', 'admin', '/api/bookings/admin/?page=500', LIST],
    [`admin bookings, q=${many} (many)`, 'admin', `/api/bookings/admin/?page=1&q=${q(many)}`, LIST],
    [`admin bookings, q=${few} (few)`, 'admin', `/api/bookings/admin/?page=1&q=${q(few)}`, LIST],
    ['admin shows, page 1', 'admin', '/api/shows/?page=1', LIST],
    ['admin shows, page 500', 'admin', '/api/shows/?page=500', LIST],
    [`admin shows, q=${many} (many)`, 'admin', `/api/shows/?page=1&q=${q(many)}`, LIST],
    [`admin shows, q=${theater} (few)`, 'admin', `/api/shows/?page=1&q=${q(theater)}`, LIST],
    ['admin theaters, page 1', 'admin', '/api/theaters/?page=1', LIST],
    ['admin theaters, page 25 (the last)', 'admin', '/api/theaters/?page=25', LIST],
    ['admin theaters, q=PVR (many)', 'admin', '/api/theaters/?page=1&q=PVR', LIST],
    [`admin theaters, q=${theater} (few)`, 'admin', `/api/theaters/?page=1&q=${q(theater)}`, LIST],
    ['admin movies, page 1', 'admin', '/api/movies/?page=1', LIST],
    ['admin movies, page 250 (the last)', 'admin', '/api/movies/?page=250', LIST],
    [`admin movies, q=${many} (many)`, 'admin', `/api/movies/?page=1&q=${q(many)}`, LIST],
    [
      'admin movies, q=Velvet Storm (few)',
      'admin',
      `/api/movies/?page=1&q=${q('Velvet Storm')}`,
      LIST,
    ],
    ['admin users, page 1', 'admin', '/api/signup/?role=user&page=1', LIST],
    ['admin users, page 500', 'admin', '/api/signup/?role=user&page=500', LIST],
    ['admin users, q=sharma (many)', 'admin', '/api/signup/?role=user&page=1&q=sharma', LIST],
    [`admin users, q=${few} (few)`, 'admin', `/api/signup/?role=user&page=1&q=${q(few)}`, LIST],
    ['admin owners, page 1', 'admin', '/api/signup/?role=owner&page=1', LIST],
    ['admin owners, page 10 (the last)', 'admin', '/api/signup/?role=owner&page=10', LIST],
    ['admin owners, q=sharma', 'admin', '/api/signup/?role=owner&page=1&q=sharma', LIST],
    ['owner bookings, page 1', 'owner', '/api/bookings/owner/?page=1', LIST],
    ['owner bookings, page 500', 'owner', '/api/bookings/owner/?page=500', LIST],
    [`owner bookings, q=${many} (many)`, 'owner', `/api/bookings/owner/?page=1&q=${q(many)}`, LIST],
    [`owner bookings, q=${few}`, 'owner', `/api/bookings/owner/?page=1&q=${q(few)}`, LIST],
    ['owner shows, page 1', 'owner', '/api/shows/?page=1', LIST],
    ['owner shows, page 200', 'owner', '/api/shows/?page=200', LIST],
    [`owner shows, q=${many}`, 'owner', `/api/shows/?page=1&q=${q(many)}`, LIST],
    ['owner theaters, page 1', 'owner', '/api/theaters/?page=1', LIST],
    ['owner movies, page 1', 'owner', '/api/movies/?page=1', LIST],
    ['customer GET shows/', 'customer', '/api/shows/', LIST, 512 * 1024],
    ['customer GET shows/?page=1', 'customer', '/api/shows/?page=1', LIST],
    ['customer seat map', 'customer', `/api/shows/${facts.show}/seats/`, LIST],
    ['report, admin, 30 days', 'admin', `/api/reports/?from=${day(-30)}&to=${day(0)}`, 100],
    ['report, admin, a year', 'admin', `/api/reports/?from=${day(-300)}&to=${day(65)}`, 500],
    ['report, owner, 30 days', 'owner', `/api/reports/?from=${day(-30)}&to=${day(0)}`, 100],
    ['report, owner, a year', 'owner', `/api/reports/?from=${day(-300)}&to=${day(65)}`, 500],
  ];

  console.log(
    `Measuring: ${WARMUP} warm-up + ${REQUESTS} sequential requests each, one keep-alive connection`,
  );
  const results = [];
  for (const [name, role, p, target, maxBytes = null] of measures) {
    const times = [];
    /** @type {import('./http.mjs').BenchAnswer | null} */
    let last = null;
    /** @type {import('./http.mjs').BenchAnswer | null} */
    let first = null;
    /** @type {Set<number>} */
    const statuses = new Set();
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const r = await request(agent, port, { path: p, token: tokens[role], read: true });
      statuses.add(r.status);
      if (i === 0) first = r;
      if (i >= WARMUP) times.push(r.ms);
      last = r;
    }
    times.sort((a, b) => a - b);
    if (!first || !last) throw new Error(`${name}: no request was made`);
    const result = {
      name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      first: first.ms,
      bytes: last.bytes,
      rows: describeAnswer(last.body),
      statuses: [...statuses],
      target,
      maxBytes,
    };
    result.met =
      result.statuses.every((s) => s === 200) &&
      (target === null || result.p95 < target) &&
      (maxBytes === null || result.bytes <= maxBytes);
    results.push(result);
    console.log(
      `  ${result.met ? 'met   ' : 'MISSED'} ${name}: p50 ${fmt(result.p50)} ms, p95 ${fmt(result.p95)} ms, ${kb(result.bytes)}${result.statuses.some((s) => s !== 200) ? `, status ${result.statuses.join('/')}` : ''}`,
    );
  }
  agent.destroy();

  const seedMet = seeded.seconds === null || seeded.seconds < SEED_TARGET_S;
  console.log('');
  console.log(
    `Data: ${seeded.theaters} theaters of ${seeded.owners} owners, ${seeded.movies.toLocaleString('en-US')} movies, ${seeded.shows.toLocaleString('en-US')} shows (${seeded.upcoming_shows.toLocaleString('en-US')} upcoming), ${seeded.seats.toLocaleString('en-US')} seats, ${seeded.customers.toLocaleString('en-US')} customers, ${seeded.bookings.toLocaleString('en-US')} bookings (${seeded.cancelled.toLocaleString('en-US')} cancelled, ${seeded.checked_in.toLocaleString('en-US')} checked in). The owner: ${facts.owner.email}, ${facts.owner.theaters} theaters.`,
  );
  console.log('');
  console.log('| measure | p50 ms | p95 ms | first ms | answer | target | met? |');
  console.log('|---|---:|---:|---:|---|---|---|');
  console.log(
    `| seed (set-based SQL) | | | | ${fmt(seeded.seconds)} s | < ${SEED_TARGET_S} s | ${seedMet ? 'met' : 'MISSED'} |`,
  );
  for (const r of results) {
    const target = [
      r.target === null ? null : `p95 < ${r.target} ms`,
      r.maxBytes === null ? null : `≤ ${kb(r.maxBytes)}`,
    ]
      .filter(Boolean)
      .join(', ');
    console.log(
      `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.first)} | ${[r.rows, kb(r.bytes)].filter(Boolean).join(', ')} | ${target} | ${r.met ? 'met' : 'MISSED'} |`,
    );
  }
  console.log(
    `(${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; whole run ${fmt((Date.now() - started) / 1000, 0)} s)`,
  );

  if (explain) {
    const file =
      process.env.BENCH_EXPLAIN_FILE ?? path.join(os.tmpdir(), `scale-explain-${Date.now()}.md`);
    writeFileSync(file, await scaleTool(['explain', JSON.stringify(facts)], env));
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of every list statement: ${file}`);
  }
  const missed = results.filter((r) => !r.met).length + (seedMet ? 0 : 1);
  if (keep) {
    console.log(`Kept running: DATABASE_URL=${databaseUrl}  API http://127.0.0.1:${port}/api`);
    console.log(
      `Sign in as ${ADMIN.email} / ${ADMIN.password}, ${facts.owner.email} or ${facts.customer.email} / ${PASSWORD}. Ctrl-C stops.`,
    );
    await new Promise((resolve) => {
      onInterrupt = () => resolve(undefined);
    });
  }
  return missed === 0 ? 0 : 1;
}

/** Runs the bench; resolves to the exit code. */
export async function benchScale() {
  const onSignal = () => void processes.stopAll().then(() => process.exit(130));
  process.once('SIGTERM', onSignal);
  process.on('SIGINT', () => (onInterrupt ? onInterrupt() : onSignal()));
  try {
    const code = await main();
    await processes.stopAll();
    return code;
  } catch (error) {
    console.error(error);
    await processes.stopAll();
    return 1;
  }
}
