// HAProxy in front of the API instances and the static servers of `npm run cluster`
// (scripts/cluster/cluster.mjs): its configuration (pure, read by cluster/haproxy.test.mjs),
// starting it, and reading which servers it has up from its stats page.
import { spawn } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopChild } from '../apps.mjs';
import { pipeLines } from './lines.mjs';

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
      code === 0 ? resolve(undefined) : reject(new Error(`HAProxy refused ${file}:\n${errors}`)),
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
    stop: () => stopChild(child),
  };
}

/**
 * The servers HAProxy knows, from its stats CSV: [{backend, server, status}].
 * @param {number} statsPort
 * @returns {Promise<{ backend: string, server: string, status: string }[]>}
 */
export async function haproxyServers(statsPort) {
  const response = await fetch(`http://127.0.0.1:${statsPort}/;csv`);
  const [header, ...rows] = (await response.text()).trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (/** @type {string} */ name) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => !['FRONTEND', 'BACKEND'].includes(cells[at('svname')] ?? ''))
    .map((cells) => ({
      backend: cells[at('pxname')] ?? '',
      server: cells[at('svname')] ?? '',
      status: cells[at('status')] ?? '',
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
