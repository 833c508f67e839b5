// `npm run cluster`: the product the way a small production runs it, on this machine, with one
// command (`npm run cluster -- --help` lists the options):
//   - PostgreSQL under pg_auto_failover (scripts/pg-auto-failover.mjs, decision 0023): a monitor,
//     a primary and a synchronous secondary; when the primary is lost the monitor promotes the
//     secondary by itself, and no acknowledged commit is lost (the secondary had it);
//   - pgBackRest (scripts/pgbackrest.mjs, decision 0024): every node archives its WAL into a
//     repository under --backups (default .data/backups), a full backup is taken at start;
//     `npm run backup` adds one, `npm run restore` goes back to any second since the first;
//   - N API instances (--instances N, default 2) on internal ports: one JWT_SECRET, each its own
//     DATA_DIR, DATABASE_URL every node with target_session_attrs=primary (writes follow the
//     primary), DATABASE_READ_URL every node preferring a standby, TRUST_PROXY=1; an instance
//     that exits on its own is started again with back-off (scripts/apps.mjs supervisedApi);
//   - the shell and the four remotes served as `npm start` serves them (scripts/frontends.mjs),
//     on internal ports;
//   - HAProxy in front (Debian's `haproxy`, a config generated into a temp dir) on the ports
//     `npm start` uses: the API port and every site port send /api/ to the instances (round
//     robin, health-checked on /api/health, retried on another instance only when that is safe:
//     see haproxyConfig), the seat streams to the instance with the fewest (long timeouts),
//     everything else to the static servers. A stats page shows which instance is up.
// Ctrl-C (or SIGTERM) stops it all and removes the databases (the backups stay). `kill -TERM
// <pid of an instance>` shows a restart: the instance drains, HAProxy takes it out, it is started
// again and HAProxy puts it back.
// scripts/bench.mjs --cluster and scripts/faults/ drive the same cluster (startCluster below).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import { ports, supervisedApi } from './apps.mjs';
import { buildAll } from './build.mjs';
import { publishBuilds, serveFrontends } from './frontends.mjs';
import { findPgAutoctl, PG_AUTOCTL_MISSING, startHaPostgres } from './pg-auto-failover.mjs';
import {
  archiveCommand,
  backup,
  currentCluster,
  DEFAULT_BACKUPS,
  findPgbackrest,
  PGBACKREST_MISSING,
  pgbackrest,
  postgresDir,
  repositoryName,
  targetTime,
  writeConfig,
} from './pgbackrest.mjs';
import { freePort, postgresInstalled, postgresTempDir } from './postgres.mjs';
import { DEMO_ADMIN, releaseOptions } from './release/commands.mjs';
import { chooseRepository, restoreInto } from './restore.mjs';

export const HAPROXY_MISSING =
  'HAProxy is not installed. On Debian or Ubuntu: apt-get install -y haproxy (2.6 or newer), or set HAPROXY to its path.';

/** The haproxy binary: HAPROXY, else PATH, else the sbin folders Debian installs it in. */
export function findHaproxy(env = process.env) {
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  const candidates = env.HAPROXY
    ? [env.HAPROXY]
    : dirs.filter(Boolean).map((d) => path.join(d, 'haproxy'));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

// The seat streams (GET shows/{id}/seats/events/): long-lived, so their own backend.
const SEAT_EVENTS_PATH = '^/api/shows/[0-9]+/seats/events/?$';
// HAProxy's own errors, as api/src/http/errors.ts writes errors: {detail, code, error}.
const errorBody = (detail, code) => JSON.stringify({ detail, code, error: detail });
const UNAVAILABLE_BODY = errorBody(
  'The service is unavailable for a moment. Please try again.',
  'unavailable',
);
// An instance died while answering a request that must not run twice: it may have been done.
const BAD_GATEWAY_BODY = errorBody(
  'The server stopped while answering: this may or may not have been done. Check before trying again.',
  'bad_gateway',
);
const GATEWAY_TIMEOUT_BODY = errorBody(
  'The server took too long to answer: this may or may not have been done. Check before trying again.',
  'gateway_timeout',
);
// The POSTs the API makes idempotent for the same customer and seat (routes/bookings/
// post-booking.ts, routes/holds/post-hold-confirm.ts): safe to replay on another instance.
export const REPLAY_SAFE_POSTS = ['^/api/bookings/?$', '^/api/holds/[0-9]+/confirm/?$'];

/**
 * The HAProxy configuration (pure, so tests read it):
 * - `binds`: `{api, shell?, auth?, user?, owner?, admin?}` public ports on 127.0.0.1;
 * - `instances`: `[{name, port}]` the API instances;
 * - `statics`: `{shell: port, auth: port, ...}` the static servers behind the site ports;
 * - `statsPort`: the stats page;
 * - `streamTimeoutMs`: how long a seat stream may stay silent (the API pings every 15 s).
 */
export function haproxyConfig({
  binds,
  instances,
  statics = {},
  statsPort,
  streamTimeoutMs = 3_600_000,
}) {
  const sitePorts = Object.entries(binds).filter(([name, port]) => name !== 'api' && port);
  const lines = [
    'global',
    // Within the 20,000 files a process may open here (two per proxied connection).
    '  maxconn 8000',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 2s',
    // A request must arrive within 10 s; an idle keep-alive connection is closed after 10 s.
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    // Silence allowed mid-answer. A seat stream is never silent that long: the API pings every
    // 15 s (SEAT_EVENTS_HEARTBEAT_MS; raise these with it), and its backend allows more still.
    '  timeout client 60s',
    '  timeout server 60s',
    // A refused connection (an instance stopping or not up yet) never reached the application:
    // always tried again on another instance, even a POST. A connection closed with no answer
    // (`empty-response`: an idle keep-alive connection the instance closed as it began to drain,
    // OR an instance that died after the request arrived, maybe after committing it) is tried
    // again only for requests that may run twice; the backends below say which.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    // HAProxy's own 503 (no instance up: each answers its health check 503 while it has no
    // database, e.g. during a failover) says what the API's own 503 says: JSON in the API's
    // shape, and when to try again (the apps' client waits Retry-After and retries).
    `  http-error status 503 content-type application/json string '${UNAVAILABLE_BODY}' hdr Retry-After 2`,
    // No Retry-After on these: the request may have been done (see retry-on above).
    `  http-error status 502 content-type application/json string '${BAD_GATEWAY_BODY}'`,
    `  http-error status 504 content-type application/json string '${GATEWAY_TIMEOUT_BODY}'`,
    // Health checks every second (250 ms while changing state): out after 2 failures, back after
    // 2 successes; a refused connection from real traffic takes an instance out at once.
    '  default-server inter 1s fastinter 250ms downinter 1s fall 2 rise 2',
    '',
    'frontend www',
    `  bind 127.0.0.1:${binds.api} name api`,
    ...sitePorts.map(([name, port]) => `  bind 127.0.0.1:${port} name ${name}`),
    `  acl seat_events path_reg ${SEAT_EVENTS_PATH}`,
    '  acl api path /api',
    '  acl api path_beg /api/',
    '  use_backend seat_events if seat_events',
    '  use_backend api if api',
    ...sitePorts.map(([name, port]) => `  use_backend site_${name} if { dst_port ${port} }`),
    '  default_backend api',
    '',
    'backend api',
    '  balance roundrobin',
    // Replayed after an empty response only: reads, and the two POSTs the API answers the same
    // when repeated by the same customer (a booking of a seat, a hold's confirm: the first
    // answer again, never a 409 for a seat the caller already has). Everything else (a new hold,
    // a cancel, sign-in, the owner's and admin's writes) gets HAProxy's 502 instead: the client
    // is told it failed rather than the request running twice (HAProxy 2.6,
    // `http-request disable-l7-retry`: only connection failures are retried then).
    '  acl replay_safe method GET HEAD OPTIONS',
    `  acl replay_safe_post path_reg ${REPLAY_SAFE_POSTS.join(' ')}`,
    '  http-request disable-l7-retry unless replay_safe || METH_POST replay_safe_post',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // Which instance answered: for the bench and for anyone debugging the balance.
    '  http-response set-header X-Served-By %[srv_name]',
    ...instances.map(
      (i) =>
        `  server ${i.name} 127.0.0.1:${i.port} check observe layer4 error-limit 1 on-error mark-down`,
    ),
    '',
    'backend seat_events',
    // Streams stay open: spread them by how many each instance holds, not by turns.
    '  balance leastconn',
    `  timeout server ${streamTimeoutMs}`,
    '  http-response set-header X-Served-By %[srv_name]',
    // Up and down with the api backend's checks, not checked twice.
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} track api/${i.name}`),
    ...sitePorts.flatMap(([name]) =>
      statics[name]
        ? ['', `backend site_${name}`, `  server ${name} 127.0.0.1:${statics[name]} check`]
        : [],
    ),
  ];
  if (statsPort) {
    lines.push(
      '',
      'listen stats',
      `  bind 127.0.0.1:${statsPort}`,
      '  stats enable',
      '  stats uri /',
      '  stats refresh 2s',
    );
  }
  return `${lines.join('\n')}\n`;
}

// HAProxy's health checks, every second per instance: not worth a line each when they pass.
const PASSED_CHECK = /^GET \/api\/health 200 /;

/** Prefixes each line a child prints with its name. */
function pipeLines(stream, name, sink) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (!PASSED_CHECK.test(line)) sink.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) sink.write(`[${name}] ${rest}\n`);
  });
}

/**
 * Starts HAProxy with `config` (written into `dir`), checking it first. Resolves once it runs;
 * `stop()` ends it.
 */
export async function startHaproxy({ config, dir, statsPort, quiet = false }) {
  const binary = findHaproxy();
  if (!binary) throw new Error(HAPROXY_MISSING);
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  await new Promise((resolve, reject) => {
    const check = spawn(binary, ['-c', '-q', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    check.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    check.on('error', reject);
    check.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`HAProxy refused ${file}:\n${errors}`)),
    );
  });
  // -db: stay in the foreground, as our child.
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (!quiet) {
    pipeLines(child.stdout, 'haproxy', process.stdout);
    pipeLines(child.stderr, 'haproxy', process.stderr);
  } else {
    child.stdout.resume();
    child.stderr.resume();
  }
  // Running once its stats page answers; a config it cannot serve (a port taken) ends it first.
  const exited = new Promise((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`HAProxy exited (${code ?? signal}) as it started: see its lines above`)),
    );
  });
  exited.catch(() => {});
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await Promise.race([
      fetch(`http://127.0.0.1:${statsPort}/;csv`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('HAProxy did not start within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    file,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The servers HAProxy knows, from its stats CSV: [{backend, server, status}]. */
export async function haproxyServers(statsPort) {
  const response = await fetch(`http://127.0.0.1:${statsPort}/;csv`);
  const [header, ...rows] = (await response.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => !['FRONTEND', 'BACKEND'].includes(cells[at('svname')]))
    .map((cells) => ({
      backend: cells[at('pxname')],
      server: cells[at('svname')],
      status: cells[at('status')],
    }));
}

/** Resolves once HAProxy says `server` of the api backend has `status` (e.g. 'UP', 'DOWN'). */
export async function waitForHaproxy(statsPort, server, status, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Not listening yet right after it started.
    const servers = await haproxyServers(statsPort).catch(() => []);
    if (
      servers.some((s) => s.backend === 'api' && s.server === server && s.status.startsWith(status))
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`HAProxy did not see ${server} ${status} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the whole cluster; see the top of this file. Options:
 * - `instances` (2); `frontends` (true): serve the shell and the remotes, on `site` ports
 *   (default: `npm start`'s, overridable as for it); without them only the API port is bound;
 * - `site`: the public ports ({api, shell, auth, ...}); `instancePorts`: the instances' own
 *   ports (free ones by default); `statsPort`: HAProxy's stats page (a free one by default);
 * - `database`: {monitorPort, nodePorts: [a, b]} (free ones by default);
 * - `postgresSettings`: extra settings of the database nodes;
 * - `backups`: the backups dir (pgBackRest repositories, default .data/backups), or false: no
 *   WAL archive, no backups (the tests that do not need them start faster);
 * - `restore`: {repo, time}: the primary starts from that repository restored to `time`
 *   (scripts/restore.mjs) instead of an empty database;
 * - `env`: extra environment of every instance; `quiet`: keep the instances' output to yourself
 *   (the bench); `supervise` (true): start an instance again when it exits on its own.
 * Resolves to {site, apiUrl, statsPort, statsUrl, database, backups, instances, env, stop()};
 * `database` is scripts/pg-auto-failover.mjs's (nodes, states(), primary()...), `backups`
 * {repo, config, first} or null; each instance is {name, port, pid, stop(signal), start()}.
 */
export async function startCluster({
  instances: count = 2,
  frontends = true,
  site = ports(),
  instancePorts = [],
  statsPort: wantedStatsPort,
  database: { monitorPort, nodePorts } = {},
  postgresSettings = {},
  backups: backupsRoot = DEFAULT_BACKUPS,
  restore: restoreFrom,
  env: extraEnv = {},
  quiet = false,
  supervise = true,
  releasesDir = releaseOptions().releasesDir,
  stopper = clusterStopper(),
} = {}) {
  if (!findHaproxy()) throw new Error(HAPROXY_MISSING);
  if (!findPgAutoctl()) throw new Error(PG_AUTOCTL_MISSING);
  if ((backupsRoot || restoreFrom) && !findPgbackrest()) throw new Error(PGBACKREST_MISSING);
  const { cleanups, stop } = stopper;
  const stopping = () => stopper.stopping;
  try {
    // One pgBackRest repository per cluster: each is a new PostgreSQL system (pgbackrest.mjs).
    const repo = backupsRoot
      ? postgresDir(path.join(postgresDir(backupsRoot), repositoryName()))
      : null;
    const backups = repo ? { repo, config: null, first: null } : null;
    const database = await startHaPostgres({
      monitorPort,
      nodePorts,
      settings: postgresSettings,
      archiveCommand: repo && ((dir) => archiveCommand(path.join(dir, 'pgbackrest.conf'))),
      prepareFirst:
        restoreFrom &&
        ((data, dir) =>
          restoreInto({
            repo: restoreFrom.repo,
            time: targetTime(restoreFrom.time) ?? restoreFrom.time,
            data,
            work: path.join(dir, 'restore'),
          })),
      afterPrimary:
        repo &&
        (async (ha) => {
          backups.config = writeConfig(path.join(ha.dir, 'pgbackrest.conf'), {
            repo,
            work: ha.dir,
            pgs: ha.plan,
          });
          await pgbackrest(backups.config, ['stanza-create']);
          // The first full backup: every restore of this cluster starts from one.
          backups.first = await backup(backups.config, 'full');
        }),
    });
    cleanups.push(() => database.stop());
    if (backups) {
      // For `npm run backup`, while this cluster runs.
      const current = path.join(backupsRoot, 'current.json');
      writeFileSync(
        current,
        `${JSON.stringify({ pid: process.pid, repo, config: backups.config }, null, 2)}\n`,
      );
      cleanups.push(() => {
        if (currentCluster(backupsRoot)?.pid === process.pid) rmSync(current, { force: true });
      });
    }

    const dir = postgresTempDir('cinema-cluster-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const origins = Object.entries(site)
      .filter(([name]) => name !== 'api')
      .flatMap(([, port]) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
    const env = {
      NODE_ENV: 'production',
      // Every node, the primary wherever it is now (never `read-write`: decision 0023).
      DATABASE_URL: database.url,
      // Lists and reports on the secondary; on the primary when the secondary is gone.
      DATABASE_READ_URL: database.readUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // The demo data and accounts of `npm start`, so the site can be tried at once.
      SEED_DEMO: '1',
      ADMIN_EMAIL: process.env.ADMIN_EMAIL || DEMO_ADMIN.email,
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || DEMO_ADMIN.password,
      // HAProxy adds X-Forwarded-For: per-address limits count the visitor, not the proxy.
      TRUST_PROXY: '1',
      CORS_ORIGINS: process.env.CORS_ORIGINS || origins.join(','),
      API_HOST: '127.0.0.1',
      ...extraEnv,
    };

    const apis = [];
    for (let i = 0; i < count; i++) {
      const name = `api${i + 1}`;
      const dataDir = path.join(dir, name);
      mkdirSync(dataDir, { recursive: true });
      apis.push(
        instance({
          name,
          port: instancePorts[i] ?? (await freePort()),
          dataDir,
          env,
          quiet,
          supervise,
          isStopping: stopping,
        }),
      );
    }
    cleanups.push(() => Promise.all(apis.map((api) => api.stop('SIGTERM'))));
    // The first migrates and seeds; the others find it done.
    await apis[0].start();
    await Promise.all(apis.slice(1).map((api) => api.start()));

    let statics = {};
    if (frontends) {
      const listen = { ...site };
      for (const name of ['shell', ...REMOTE_NAMES]) listen[name] = await freePort();
      const servers = await serveFrontends({ site, listen, releasesDir });
      cleanups.push(() => Promise.all(servers.map((server) => server.close())));
      statics = Object.fromEntries(servers.map((server) => [server.name, server.port]));
    }
    const statsPort = wantedStatsPort ?? (await freePort());
    const binds = frontends ? site : { api: site.api };
    const haproxy = await startHaproxy({
      config: haproxyConfig({ binds, instances: apis, statics, statsPort }),
      dir,
      statsPort,
      quiet,
    });
    cleanups.push(() => haproxy.stop());
    for (const api of apis) await waitForHaproxy(statsPort, api.name, 'UP');

    return {
      site,
      apiUrl: `http://127.0.0.1:${site.api}/api`,
      statsPort,
      statsUrl: `http://127.0.0.1:${statsPort}/`,
      haproxyConfig: haproxy.file,
      database,
      backups,
      instances: apis,
      env,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * What stops a cluster, made before it starts so that a Ctrl-C while it is still starting stops
 * what has started: `cleanups` run in reverse order, once.
 */
export function clusterStopper() {
  const cleanups = [];
  const stopper = {
    cleanups,
    stopping: false,
    async stop() {
      if (stopper.stopping) return;
      stopper.stopping = true;
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
  return stopper;
}

/**
 * One API instance on its own port and data dir: scripts/apps.mjs supervisedApi, as `npm start`
 * runs its API (started again with back-off when it exits on its own, unless `supervise` is
 * false; healthy only when /api/health names this process), its lines prefixed with its name.
 */
function instance({ name, port, dataDir, env, quiet, supervise, isStopping }) {
  return supervisedApi({
    name,
    port,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    onSpawn: (child) => {
      if (quiet) {
        child.stdout.resume();
        pipeLines(child.stderr, name, process.stderr);
      } else {
        pipeLines(child.stdout, name, process.stdout);
        pipeLines(child.stderr, name, process.stderr);
      }
    },
    restart: supervise,
    isStopping,
    log: (line) => console.error(`[cluster] ${line}`),
  });
}

export const CLUSTER_HELP = `npm run cluster [-- options]

Runs the product as a small production does, on this machine: PostgreSQL under pg_auto_failover
(a monitor, a primary and a synchronous secondary; failover by itself), WAL archived with
pgBackRest and a full backup at start, N API instances, the shell and the remotes, and HAProxy in
front. Ctrl-C stops it all and removes the databases; the backups stay (npm run backup, npm run
restore). Every port can be set, so two clusters, or a cluster and \`npm start\`, can share a machine.

  --instances N          API instances (default 2, at most 16)
  --no-build             serve the existing dist folders (default: build every app first)
  --build                build first (the default)
  --no-publish           do not publish the builds as releases (as npm start --no-publish)

Ports (on 127.0.0.1; the public ones default to npm start's, or its environment variables):
  --api-port N           HAProxy's API port (API_PORT, default 8000)
  --shell-port N         the site (SHELL_PORT, default 3000)
  --auth-port N          the auth remote (MFE_AUTH_PORT, default 3001)
  --user-port N          the user remote (MFE_USER_PORT, default 3002)
  --owner-port N         the owner remote (MFE_OWNER_PORT, default 3003)
  --admin-port N         the admin remote (MFE_ADMIN_PORT, default 3004)
  --instance-ports A,B   the API instances' own ports (default: free ones)
  --stats-port N         HAProxy's stats page (default: a free one)
  --monitor-port N       pg_auto_failover's monitor (default: a free one)
  --node-ports A,B       the two PostgreSQL nodes (default: free ones)

Backups:
  --backups DIR          pgBackRest repositories (default .data/backups): one per cluster start;
                         npm run backup takes the newest running cluster's, so give a second
                         cluster on the machine its own (npm run backup -- --backups DIR)
  --no-backups           no WAL archive and no backups (starts a few seconds sooner)
  --restore-to TIME      start from the backups restored to TIME ("2026-11-27 00:31:05+00")
                         instead of an empty database; the new cluster backs up anew
  --restore-from REPO    the repository to restore (default: the newest with a backup before TIME)

  --help                 this text`;

/** The command line as startCluster options; throws a UsageError for anything it cannot use. */
export function parseClusterArgs(args) {
  const { values } = parseArgs({
    args,
    options: {
      instances: { type: 'string', default: '2' },
      build: { type: 'boolean' },
      'no-build': { type: 'boolean' },
      'no-publish': { type: 'boolean' },
      'api-port': { type: 'string' },
      'shell-port': { type: 'string' },
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [`${name}-port`, { type: 'string' }])),
      'instance-ports': { type: 'string' },
      'stats-port': { type: 'string' },
      'monitor-port': { type: 'string' },
      'node-ports': { type: 'string' },
      backups: { type: 'string' },
      'no-backups': { type: 'boolean' },
      'restore-to': { type: 'string' },
      'restore-from': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const port = (name, text) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      throw new UsageError(`--${name} takes a port number (1-65535), not "${text}"`);
    }
    return n;
  };
  const portList = (name, text, length) => {
    if (text === undefined) return [];
    const list = text.split(',').map((p) => port(name, p.trim()));
    if (length && list.length !== length) {
      throw new UsageError(`--${name} takes ${length} ports separated by a comma`);
    }
    return list;
  };
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
    throw new UsageError('--instances takes a whole number from 1 to 16');
  }
  const site = ports();
  for (const name of ['api', 'shell', ...REMOTE_NAMES]) {
    site[name] = port(`${name}-port`, values[`${name}-port`]) ?? site[name];
  }
  const instancePorts = portList('instance-ports', values['instance-ports']);
  if (instancePorts.length > 0 && instancePorts.length !== instances) {
    throw new UsageError(`--instance-ports takes one port per instance (${instances})`);
  }
  let restore;
  if (values['restore-to'] !== undefined) {
    const time = targetTime(values['restore-to']);
    if (!time) {
      throw new UsageError(
        `--restore-to needs a time with its zone, e.g. "${new Date().toISOString()}"`,
      );
    }
    restore = { time, from: values['restore-from'] };
  } else if (values['restore-from'] !== undefined) {
    throw new UsageError('--restore-from goes with --restore-to TIME');
  }
  const all = [
    ...Object.values(site),
    ...instancePorts,
    port('stats-port', values['stats-port']),
    port('monitor-port', values['monitor-port']),
    ...portList('node-ports', values['node-ports'], 2),
  ].filter(Boolean);
  const twice = all.find((p, i) => all.indexOf(p) !== i);
  if (twice) throw new UsageError(`Port ${twice} is given to two parts of the cluster`);
  return {
    help: Boolean(values.help),
    build: !values['no-build'],
    publish: !values['no-publish'],
    instances,
    site,
    instancePorts,
    statsPort: port('stats-port', values['stats-port']),
    database: {
      monitorPort: port('monitor-port', values['monitor-port']),
      nodePorts: portList('node-ports', values['node-ports'], 2),
    },
    backups: values['no-backups'] ? false : path.resolve(values.backups ?? DEFAULT_BACKUPS),
    restore,
  };
}

export class UsageError extends Error {}

async function main() {
  let options;
  try {
    options = parseClusterArgs(process.argv.slice(2));
  } catch (error) {
    // parseArgs' own errors (an unknown option, a missing value) are usage errors too.
    console.error(`${error.message}\n\n${CLUSTER_HELP}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(CLUSTER_HELP);
    return;
  }
  const { instances: count, site } = options;
  if (!findHaproxy()) {
    console.error(HAPROXY_MISSING);
    process.exit(1);
  }
  if (!postgresInstalled()) {
    console.error(
      'The PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) are not installed. On Debian or Ubuntu: apt-get install -y postgresql',
    );
    process.exit(1);
  }
  if (!findPgAutoctl()) {
    console.error(PG_AUTOCTL_MISSING);
    process.exit(1);
  }
  if ((options.backups || options.restore) && !findPgbackrest()) {
    console.error(`${PGBACKREST_MISSING} (or start with --no-backups)`);
    process.exit(1);
  }
  let restore;
  if (options.restore) {
    const repo = await chooseRepository({
      backups: options.backups || DEFAULT_BACKUPS,
      from: options.restore.from,
      time: options.restore.time,
    });
    restore = { repo, time: options.restore.time };
    console.log(`Restoring ${repo} to ${restore.time}...`);
  }
  if (options.build) {
    console.log('Building the shell and the four remotes...');
    await buildAll();
  }
  console.log(
    `Starting PostgreSQL (pg_auto_failover: monitor, primary, secondary), ${count} API instances and HAProxy...`,
  );
  const stopper = clusterStopper();
  const stop = async (code) => {
    if (stopper.stopping) return;
    console.log('Stopping the cluster...');
    await stopper.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  const cluster = await startCluster({
    instances: count,
    site,
    instancePorts: options.instancePorts,
    statsPort: options.statsPort,
    database: options.database,
    backups: options.backups,
    restore,
    stopper,
  });
  if (options.publish) await publishBuilds(releaseOptions());
  const { database, backups } = cluster;
  const [node1, node2] = database.nodes;
  console.log(`
CineBook is running as a cluster:
  site        http://localhost:${site.shell}
  API         http://localhost:${site.api}/api/health  (HAProxy, round robin over ${count} instances)
${cluster.instances.map((api) => `  ${api.name.padEnd(11)} http://127.0.0.1:${api.port}/api/health  pid ${api.pid}`).join('\n')}
  HAProxy     ${cluster.statsUrl}  (stats: which instance is up)  config ${cluster.haproxyConfig}
  PostgreSQL  ${database.url}
              node1 ${node1.url} (primary), node2 ${node2.url} (synchronous secondary)
              monitor ${database.monitorUrl}
              state: runuser -u postgres -- pg_autoctl show state --monitor '${database.monitorUrl}'
  Backups     ${backups ? `${backups.repo} (full backup ${backups.first.label}, ${(backups.first.ms / 1000).toFixed(1)} s; WAL archived)` : 'off (--no-backups)'}
Try a restart: kill -TERM <pid of an instance>. A failover: kill -KILL -- -${node1.processGroup}
(node1's pg_autoctl and PostgreSQL; watch with the state command above). Press Ctrl-C to stop everything.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
