// PostgreSQL crash-restarted (`pg_ctl -m immediate restart`) under two API instances while 60
// customers race for 40 seats through both, on real processes. What an operator must see: no API
// process dies (postgres.js 3.4.9 used to throw from a timer, patches/postgres+3.4.9.patch), no
// answer is a 500 (a lost database is a 503 with Retry-After, app.ts onError), every instance is
// healthy again within 5 s of PostgreSQL accepting connections, no seat is booked twice and every
// booking a customer was told about (201) is there afterwards. Decision 0022.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { apiScript, BIN, spawnApi } from '../apps.mjs';
import { nextSeat, PICK_AGAIN } from '../bench/seat-choice.mjs';
import { freePort, postgresInstalled, startThrowawayPostgres } from '../postgres.mjs';
import { captureOutput } from './processes.mjs';

const DENO = path.join(BIN, 'deno');
const CUSTOMERS = 60;
const SEATS = 40;
// The customers arrive over this long; PostgreSQL is crash-restarted RESTART_AT_MS in.
const SPREAD_MS = 6000;
const RESTART_AT_MS = 1500;
// A customer gives up on a seat after this long without a definite answer.
const CUSTOMER_DEADLINE_MS = 40_000;
const JWT_SECRET = 'database-restart-fault-test-secret-0123456789';

const skip = !existsSync(DENO)
  ? `Deno is not installed at ${DENO} (npm ci)`
  : !postgresInstalled()
    ? 'PostgreSQL server binaries are not installed'
    : false;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'database-restart-faults-'));
const apis = [];
let pg = null;
after(async () => {
  for (const api of apis) if (api.child.exitCode === null) api.child.kill('SIGKILL');
  await Promise.all(apis.map((api) => api.exit));
  try {
    pg?.stop();
  } catch {}
  rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** pg_ctl of the newest installed server, as the postgres user when we are root. */
function pgCtl(args) {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
    : null;
  const file =
    version && existsSync(path.join(root, version, 'bin', 'pg_ctl'))
      ? path.join(root, version, 'bin', 'pg_ctl')
      : 'pg_ctl';
  const [command, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  // Asynchronous: the race goes on while PostgreSQL restarts.
  return new Promise((resolve, reject) =>
    execFile(command, argv, (error, _stdout, stderr) =>
      error
        ? reject(new Error(`pg_ctl ${args.join(' ')}: ${stderr || error.message}`))
        : resolve(undefined),
    ),
  );
}

function startApi(name, env) {
  const port = env.API_PORT;
  const child = spawnApi({ env, stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, exit } = captureOutput(child);
  const api = { name, port: Number(port), child, exit, output };
  apis.push(api);
  return api;
}

/**
 * @param {http.Agent | undefined} agent
 * @param {number} port
 * @param {{ method?: string, path: string, token?: string, body?: unknown,
 *   headers?: Record<string, string> }} options
 * @returns {Promise<any>} {status, headers, body}, or {status: 0, error}
 */
function request(agent, port, { method = 'GET', path: url, token, body, headers = {} }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? null : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        timeout: 10_000,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, headers: res.headers, body: json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, error: error.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

async function healthOf(port) {
  const res = await request(undefined, port, { path: '/api/health' });
  return res.status;
}

async function waitHealthy(api, ms) {
  const deadline = Date.now() + ms;
  while ((await healthOf(api.port)) !== 200) {
    if (api.child.exitCode !== null) throw new Error(`${api.name} exited:\n${api.output()}`);
    if (Date.now() > deadline) throw new Error(`${api.name} not healthy:\n${api.output()}`);
    await sleep(100);
  }
}

test('PostgreSQL crash-restarted mid-race under two API instances: no exit, no 500, healthy within 5 s, nothing lost or doubled', {
  skip,
  timeout: 150_000,
}, async (t) => {
  pg = await startThrowawayPostgres({ prefix: 'database-restart-pg-' });
  const env = {
    DATABASE_URL: pg.url,
    DATABASE_READ_URL: '',
    DATABASE_POOL_MAX: '10',
    JWT_SECRET,
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    API_HOST: '127.0.0.1',
  };
  // One after the other: the first migrates and seeds.
  const instances = [];
  for (const name of ['api1', 'api2']) {
    const api = startApi(name, {
      ...env,
      API_PORT: String(await freePort()),
      DATA_DIR: path.join(tmp, name),
      API_INSTANCE_ID: name,
    });
    await waitHealthy(api, 120_000);
    instances.push(api);
  }
  const data = JSON.parse(
    await apiScript(['bench/prepare.ts', 'prepare', String(CUSTOMERS), '0'], env),
  );
  const showId = data.raceShowId;
  const seats = data.raceSeatIds.slice(0, SEATS);
  const tokens = data.raceTokens.slice(0, CUSTOMERS);

  // Every answer any customer got, and each instance's health answers around the restart.
  /** @type {any[]} */
  const answers = [];
  /** @type {number[]} */
  const booked = []; // booking ids answered 201
  let t0 = 0;
  const since = () => Math.round(performance.now() - t0);
  const healthLog = instances.map(() => /** @type {{ at: number, status: number }[]} */ ([]));
  let probing = true;
  const probes = instances.map(async (api, i) => {
    while (probing) {
      healthLog[i]?.push({ at: since(), status: await healthOf(api.port) });
      await sleep(100);
    }
  });

  const agent = new http.Agent({ keepAlive: true, maxSockets: CUSTOMERS * 2 });
  const send = async (port, options) => {
    const started = performance.now();
    const res = await request(agent, port, options);
    answers.push({ ...res, ms: performance.now() - started, at: since(), path: options.path });
    return res;
  };
  // A customer keeps trying one seat until a definite answer: the hold, then its confirm, each
  // retried after a 503 (after Retry-After) or no answer, as the apps' client does. Told the seat
  // is taken or would strand a neighbour (decision 0045), they read the seat map and hold the
  // nearest raced seat the rules allow: at most 3 holds, as bench/load.mjs race.
  async function customer(i) {
    await sleep((i * SPREAD_MS) / CUSTOMERS);
    let seat = seats[i % seats.length];
    const deadline = performance.now() + CUSTOMER_DEADLINE_MS;
    const key = `restart-${showId}-${i}`;
    const until = async (fn) => {
      for (;;) {
        const res = await fn();
        if (res.status !== 0 && res.status !== 503) return res;
        if (performance.now() > deadline) return res;
        const retryAfter = Number(res.headers?.['retry-after']);
        await sleep(Math.min(Number.isFinite(retryAfter) ? retryAfter * 1000 : 500, 500));
      }
    };
    /** @type {{ status: number, body: any }} */
    let hold = { status: 0, body: null };
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) {
        const map = await until(() =>
          send(instances[i % 2].port, { path: `/api/shows/${showId}/seats/`, token: tokens[i] }),
        );
        const next = map.status === 200 ? nextSeat(map.body, seat, seats) : null;
        if (next === null) break;
        seat = next;
      }
      hold = await until(() =>
        send(instances[i % 2].port, {
          method: 'POST',
          path: '/api/holds/',
          token: tokens[i],
          body: { show_id: showId, seat_ids: [seat] },
          headers: { 'Idempotency-Key': `${key}-hold-${attempt}` },
        }),
      );
      if (hold.status !== 409 || !PICK_AGAIN.has(hold.body?.code)) break;
    }
    if (hold.status !== 201) return { i, outcome: `hold ${hold.status}` };
    const paid = await until(() =>
      send(instances[(i + 1) % 2].port, {
        method: 'POST',
        path: `/api/holds/${hold.body.id}/confirm/`,
        token: tokens[i],
        headers: { 'Idempotency-Key': `${key}-confirm` },
      }),
    );
    if (paid.status === 201) {
      // Each ticket is a booking (its id the booking's).
      booked.push(...(paid.body?.tickets ?? []).map((ticket) => ticket.id));
    }
    return { i, outcome: `confirm ${paid.status}` };
  }

  t0 = performance.now();
  const race = Promise.all(tokens.map((_, i) => customer(i)));
  await sleep(RESTART_AT_MS);
  const restartAt = since();
  await pgCtl([
    '-D',
    pg.data,
    '-m',
    'immediate',
    '-w',
    '-t',
    '60',
    '-l',
    path.join(pg.dir, 'log'),
    'restart',
  ]);
  // pg_ctl -w returns once the server accepts connections.
  const upAt = since();
  const recoveredIn = await Promise.all(
    instances.map(async (api) => {
      const start = performance.now();
      while ((await healthOf(api.port)) !== 200 && performance.now() - start < 15_000) {
        await sleep(50);
      }
      return Math.round(performance.now() - start);
    }),
  );
  const outcomes = await race;
  probing = false;
  await Promise.all(probes);
  agent.destroy();

  // What the database says afterwards.
  const { default: postgres } = await import('postgres');
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  /** @type {any} */
  let live;
  /** @type {any} */
  let present;
  try {
    [live] = await sql`
      SELECT count(*)::int AS bookings, count(DISTINCT seat_id)::int AS seats
        FROM bookings WHERE show_id = ${showId} AND NOT is_cancelled`;
    [present] = await sql`
      SELECT count(*)::int AS n FROM bookings
       WHERE id = ANY(${booked}::bigint[]) AND NOT is_cancelled`;
  } finally {
    await sql.end({ timeout: 1 });
  }

  const byStatus = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const fiveHundreds = answers.filter((a) => a.status >= 500);
  const slowest = Math.max(...answers.map((a) => a.ms));
  const down503 = answers.filter((a) => a.status === 503);
  const slowest503 = down503.length ? Math.max(...down503.map((a) => a.ms)) : 0;
  const exits = instances.filter((api) => api.child.exitCode !== null || api.child.signalCode);
  t.diagnostic(`restart at ${restartAt} ms, PostgreSQL accepting at ${upAt} ms`);
  t.diagnostic(
    `healthy again ${recoveredIn.map((ms, i) => `${instances[i]?.name} ${ms} ms`).join(', ')} after PostgreSQL accepted connections`,
  );
  t.diagnostic(
    `answers by status: ${JSON.stringify(byStatus)}; slowest ${Math.round(slowest)} ms, slowest 503 ${Math.round(slowest503)} ms`,
  );
  t.diagnostic(
    `customers: ${outcomes.filter((o) => o.outcome === 'confirm 201').length} booked, ${outcomes.filter((o) => /409/.test(o.outcome)).length} refused (the seat taken, or only seats a group could take left), ${outcomes.filter((o) => !/201|409|410/.test(o.outcome)).length} without a definite answer`,
  );
  t.diagnostic(
    `bookings: ${booked.length} acknowledged, ${present.n} of them present; ${live.bookings} live on ${live.seats} seats; process exits ${exits.length}`,
  );

  assert.equal(exits.length, 0, exits.map((api) => `${api.name}:\n${api.output()}`).join('\n'));
  assert.equal(
    fiveHundreds.filter((a) => a.status !== 503).length,
    0,
    `5xx other than 503: ${JSON.stringify(fiveHundreds.filter((a) => a.status !== 503).slice(0, 5))}`,
  );
  for (const a of down503) {
    assert.ok(a.headers['retry-after'], `a 503 without Retry-After: ${JSON.stringify(a.body)}`);
    assert.ok(
      ['database_unavailable', 'starting', 'shutting_down'].includes(a.body?.code),
      JSON.stringify(a.body),
    );
  }
  assert.ok(slowest503 < 2000, `a 503 took ${Math.round(slowest503)} ms`);
  for (const [i, ms] of recoveredIn.entries()) {
    assert.ok(ms <= 5000, `${instances[i]?.name} healthy ${ms} ms after PostgreSQL came back`);
  }
  // The outage was seen (the health check said 503) and ended.
  assert.ok(
    healthLog.some((log) => log.some((h) => h.status === 503)),
    'no instance ever answered 503: the restart was not observed',
  );
  assert.equal(live.bookings, live.seats, 'a seat booked twice');
  assert.equal(present.n, booked.length, 'an acknowledged booking is missing');
  assert.ok(booked.length > 0, 'nobody could book');
});
