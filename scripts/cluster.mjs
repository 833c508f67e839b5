// `npm run cluster`: the product the way a small production runs it, on this machine, with one
// command:
//   - PostgreSQL: a throwaway primary and a streaming standby of it (pg_basebackup -R), from
//     scripts/postgres.mjs, removed on exit;
//   - N API instances (--instances N, default 2) on internal ports: one JWT_SECRET, each its own
//     DATA_DIR, DATABASE_URL the primary and DATABASE_READ_URL the standby, TRUST_PROXY=1; an
//     instance that exits is started again a second later (as a supervisor would);
//   - the shell and the four remotes served as `npm start` serves them (scripts/frontends.mjs),
//     on internal ports;
//   - HAProxy in front (Debian's `haproxy`, a config generated into a temp dir) on the ports
//     `npm start` uses: the API port and every site port send /api/ to the instances (round
//     robin, health-checked on /api/health, retried on another instance when a connection is
//     refused), the seat streams to the instance with the fewest (long timeouts), everything
//     else to the static servers. A stats page shows which instance is up.
// Ctrl-C (or SIGTERM) stops it all. `kill -TERM <pid of an instance>` shows a restart: the
// instance drains, HAProxy takes it out, it is started again and HAProxy puts it back.
//   --instances N   API instances (default 2)
//   --build         build every app first (the default), as `npm start` does
//   --no-build      serve the existing dist folders as they are
//   --no-publish    do not publish the builds as releases (as `npm start --no-publish`)
// scripts/bench.mjs --cluster drives the same cluster (startCluster below) for its races.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import { ports, spawnApi, waitForApi } from './apps.mjs';
import { buildAll } from './build.mjs';
import { publishBuilds, serveFrontends } from './frontends.mjs';
import {
  freePort,
  postgresInstalled,
  postgresTempDir,
  startThrowawayPostgres,
  startThrowawayStandby,
} from './postgres.mjs';
import { DEMO_ADMIN, releaseOptions } from './release/commands.mjs';

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
    // A refused connection (an instance stopping or not up yet) or one closed before any answer
    // (an idle keep-alive connection the instance closed as it began to drain) is tried again on
    // another instance. Neither reached the application, so even a POST is safe to resend.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
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
 * - `site`: the public ports ({api, shell, auth, ...});
 * - `postgresSettings`: extra settings of the primary;
 * - `env`: extra environment of every instance; `quiet`: keep the instances' output to yourself
 *   (the bench); `supervise` (true): start an instance again when it exits on its own.
 * Resolves to {site, statsUrl, primary, standby, instances, env, stop()}; each instance is
 * {name, port, pid, stop(signal) -> {code, ms}, start()}.
 */
export async function startCluster({
  instances: count = 2,
  frontends = true,
  site = ports(),
  postgresSettings = {},
  env: extraEnv = {},
  quiet = false,
  supervise = true,
  releasesDir = releaseOptions().releasesDir,
  stopper = clusterStopper(),
} = {}) {
  if (!findHaproxy()) throw new Error(HAPROXY_MISSING);
  const { cleanups, stop } = stopper;
  const stopping = () => stopper.stopping;
  try {
    const primary = await startThrowawayPostgres({
      prefix: 'cinema-cluster-pg-',
      settings: postgresSettings,
    });
    cleanups.push(() => primary.stop());
    const standby = await startThrowawayStandby(primary, { prefix: 'cinema-cluster-standby-' });
    cleanups.push(() => standby.stop());

    const dir = postgresTempDir('cinema-cluster-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const origins = Object.entries(site)
      .filter(([name]) => name !== 'api')
      .flatMap(([, port]) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: standby.url,
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
          port: await freePort(),
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
    const statsPort = await freePort();
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
      primary,
      standby,
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

/** One API instance on its own port and data dir; started again when it exits on its own. */
function instance({ name, port, dataDir, env, quiet, supervise, isStopping }) {
  let child = null;
  let wanted = false; // stopped on purpose: not started again
  const api = {
    name,
    port,
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      wanted = false;
      child = spawnApi({
        env: { ...env, API_PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      if (quiet) {
        child.stdout.resume();
        pipeLines(child.stderr, name, process.stderr);
      } else {
        pipeLines(child.stdout, name, process.stdout);
        pipeLines(child.stderr, name, process.stderr);
      }
      const current = child;
      current.on('exit', (code, signal) => {
        if (wanted || isStopping() || current !== child) return;
        console.error(`[cluster] ${name} exited (${code ?? signal}); starting it again in 1 s`);
        if (supervise) setTimeout(() => void api.start().catch((e) => console.error(e)), 1000);
      });
      await waitForApi(port);
    },
    /** Sends `signal` and resolves when it has exited: {code, signal, ms}. */
    stop(signal = 'SIGTERM') {
      wanted = true;
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

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--instances');
  const count = at === -1 ? 2 : Number(args[at + 1]);
  const known = ['--instances', '--build', '--no-build', '--no-publish'];
  const unknown = args.filter((arg, i) => !known.includes(arg) && !(i === at + 1 && at !== -1));
  if (unknown.length > 0) {
    console.error(`Unknown option(s): ${unknown.join(' ')}. Known: ${known.join(', ')} N`);
    process.exit(2);
  }
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    console.error('--instances takes a whole number from 1 to 16');
    process.exit(2);
  }
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
  if (!args.includes('--no-build')) {
    console.log('Building the shell and the four remotes...');
    await buildAll();
  }
  console.log(`Starting PostgreSQL (primary and standby), ${count} API instances and HAProxy...`);
  const stopper = clusterStopper();
  const stop = async (code) => {
    if (stopper.stopping) return;
    console.log('Stopping the cluster...');
    await stopper.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  const cluster = await startCluster({ instances: count, stopper });
  if (!args.includes('--no-publish')) await publishBuilds(releaseOptions());
  const { site } = cluster;
  console.log(`
CineBook is running as a cluster:
  site        http://localhost:${site.shell}
  API         http://localhost:${site.api}/api/health  (HAProxy, round robin over ${count} instances)
${cluster.instances.map((api) => `  ${api.name.padEnd(11)} http://127.0.0.1:${api.port}/api/health  pid ${api.pid}`).join('\n')}
  HAProxy     ${cluster.statsUrl}  (stats: which instance is up)  config ${cluster.haproxyConfig}
  PostgreSQL  primary ${cluster.primary.url}
              standby ${cluster.standby.url}  (lists and reports read here)
Try a restart: kill -TERM <pid of an instance>. Press Ctrl-C to stop everything.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
