// The process: read config, take the port (every request answers 503 `starting` until the API is
// ready), wait for and migrate the database, serve, shut down cleanly on signals. A start that
// cannot succeed prints one sentence naming the setting to change and exits 78 or 1 (startup.ts).
import { getConnInfo } from 'hono/deno';
import { createApp } from './app.ts';
import { currentRequest } from './audit/rules.ts';
import { ConfigError, readConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { openDb, openReadDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { waitForDatabase } from './db/wait.ts';
import { DEMO_CUSTOMER, DEMO_GUEST, DEMO_OWNER, seedDemo } from './demo/seed.ts';
import { createBackground } from './http/background.ts';
import { DRAIN_MS, drainable } from './http/drain.ts';
import { startingResponse } from './http/starting.ts';
import { createLiveHub } from './live/hub.ts';
import { bufferedLogger } from './logger.ts';
import { createMailer, devOutboxEnabled } from './mail/mailer.ts';
import { outboxDir } from './mail/outbox.ts';
import { createEmailSender } from './mail/sender.ts';
import { createMetrics } from './metrics/metrics.ts';
import { metricsApp } from './metrics/server.ts';
import { createOfferTicker } from './onsale/offer-ticker.ts';
import { createRolloutTicker } from './releases/rollouts/ticker.ts';
import { adminAccount, ensureAdmin } from './routes/accounts/admin.ts';
import { EX_CONFIG, startupFailure } from './startup.ts';
import { findUserByEmail } from './users/sql.ts';

/**
 * Prints one sentence to stderr and exits: how every start that cannot succeed ends. EX_CONFIG
 * (78) unless the cause may pass by itself (startup.ts).
 */
function fail(sentence: string, exitCode = EX_CONFIG): never {
  console.error(sentence);
  Deno.exit(exitCode);
}

function configOrExit() {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`API configuration error: ${error.message}`);
    // The development JWT secret is kept in the data directory (config.ts persistentDevSecret).
    const code = (error as { code?: unknown }).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      const path = (error as { path?: unknown }).path;
      fail(
        `DATA_DIR cannot be written by this user (${code} on ${String(path ?? 'the data directory')}): set DATA_DIR to a directory this user can write, or fix its permissions.`,
      );
    }
    fail(`API configuration error: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

const config = configOrExit();

// Every line of the API's own log goes through one buffered writer (see logger.ts).
const encoder = new TextEncoder();
const logger = bufferedLogger(
  (text) => {
    const bytes = encoder.encode(text);
    for (let written = 0; written < bytes.length; ) {
      written += Deno.stdout.writeSync(bytes.subarray(written));
    }
  },
  undefined,
  // LOG_FORMAT=json: each line an object with the id of the request it was written for.
  {
    format: config.logFormat,
    instanceId: config.instanceId,
    requestId: () => currentRequest.getStore(),
  },
);

// Nothing that escapes every try ends the process: a rejected promise nobody awaited, or a throw
// from a driver's timer (postgres.js 3.4.9 had one, patches/postgres+3.4.9.patch, decision 0022).
// The requests it concerned have had their answers; the database's own state is in PostgreSQL.
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  logger.error('Unhandled rejection (the API goes on)', event.reason);
});
globalThis.addEventListener('error', (event) => {
  event.preventDefault();
  logger.error('Uncaught error (the API goes on)', event.error);
});

// What the start is doing, for its one sentence if it fails (startup.ts).
let doing = 'taking the port';
let opened: Db | null = null;
let serve: (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response> = () => startingResponse(config.instanceId);

async function failStart(error: unknown): Promise<never> {
  const { sentence, exitCode } = startupFailure(error, config, doing);
  // Closing the database releases the embedded one's lock; a start that fails never hangs here.
  await Promise.race([opened?.close().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
  logger.flush();
  fail(sentence, exitCode);
}

// Stopping while still starting: nothing is served yet, nothing to drain.
let shutdown = (signal: string) => {
  logger.info(`${signal} received while starting: stopping API`);
  void stopWhileStarting();
};
async function stopWhileStarting() {
  await Promise.race([opened?.close().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
  logger.flush();
  Deno.exit(0);
}
Deno.addSignalListener('SIGINT', () => shutdown('SIGINT'));
Deno.addSignalListener('SIGTERM', () => shutdown('SIGTERM'));

// The port first: a second start on a taken port fails here, before it touches any data.
function takePort(): Deno.HttpServer<Deno.NetAddr> {
  try {
    return Deno.serve(
      {
        hostname: config.host,
        port: config.port,
        onListen: ({ hostname, port }) => {
          const host = hostname.includes(':') ? `[${hostname}]` : hostname;
          logger.info(`API listening on http://${host}:${port} (starting)`);
        },
      },
      (request, info) => serve(request, info),
    );
  } catch (error) {
    const { sentence, exitCode } = startupFailure(error, config, doing);
    fail(sentence, exitCode);
  }
}
const server = takePort();

// --- metrics: Prometheus' text at METRICS_HOST:METRICS_PORT/metrics, never on the API's port
// (metrics/metrics.ts). Taken with the API's port, so a scrape sees a starting instance too.
// Unset: nothing is measured or served. Left serving until the process exits (a drain is seen).
const metrics = config.metrics.port === null ? null : createMetrics();
if (metrics && config.metrics.port !== null) {
  const { host, port } = config.metrics;
  try {
    Deno.serve(
      {
        hostname: host,
        port,
        onListen: ({ hostname, port }) => {
          const at = hostname.includes(':') ? `[${hostname}]` : hostname;
          logger.info(`Metrics on http://${at}:${port}/metrics`);
        },
      },
      metricsApp(metrics).fetch,
    );
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    fail(
      `METRICS_PORT ${port} on METRICS_HOST ${host} cannot be used (${why}): set METRICS_PORT to a free port, or unset it.`,
    );
  }
}
// --- end metrics

try {
  doing = config.databaseUrl ? 'connecting to the database' : 'opening the embedded database';
  opened = await openDb(config);
  if (config.databaseUrl) {
    const waitSeconds = config.databaseWaitSeconds;
    await waitForDatabase(opened, {
      waitSeconds,
      onWaiting: (error) =>
        logger.info(
          `Waiting up to ${waitSeconds} s for the database at DATABASE_URL to accept connections (${error instanceof Error ? error.message : String(error)})`,
        ),
    });
  }
} catch (error) {
  await failStart(error);
}
const db = opened as Db;
// The back-office lists and reports read the replica at DATABASE_READ_URL, if set.
const readDb = openReadDb(config);
doing = 'migrating the database';
const applied = await migrate(db, undefined, (message) => logger.info(message)).catch(failStart);
for (const m of applied) logger.info(`Applied migration ${m.version} ${m.name}`);

doing = 'preparing the accounts and demo data';
try {
  const admin = adminAccount(config);
  if (admin) {
    const { user, action } = await ensureAdmin(db, admin.email, admin.password);
    const which = admin.demo ? `demo admin (password ${admin.password})` : 'admin from ADMIN_EMAIL';
    // The demo's passwords are for the developer at the terminal: a JSON log (LOG_FORMAT=json,
    // read by machines) never holds a password, so its message leaves them out.
    const who = admin.demo ? 'demo admin' : 'admin from ADMIN_EMAIL';
    if (action !== 'unchanged')
      logger.info(`${action} ${which}: ${user.email}, username ${user.username}`, {
        message: `${action} ${who}: ${user.email}, username ${user.username}`,
      });
    else if (admin.demo)
      logger.info(`Demo admin: ${user.email} / ${admin.password}`, {
        message: `Demo admin: ${user.email}`,
      });
  }

  if (config.seedDemo) {
    const seeded = await seedDemo(db, { now: new Date(), tz: config.appTimezone });
    if (seeded?.action === 'seeded') {
      logger.info(
        `Seeded demo data: ${seeded.theaters} theaters, ${seeded.movies} movies, ${seeded.shows} shows, ${seeded.bookings} booked seats`,
      );
    } else if (seeded?.action === 'rescheduled') {
      logger.info(`Scheduled ${seeded.shows} new demo shows (the earlier ones are over)`);
    }
    if (await findUserByEmail(db, DEMO_OWNER.email)) {
      const accounts = [DEMO_OWNER, DEMO_CUSTOMER, DEMO_GUEST].map(
        (a) => `${a.email} / ${a.password}`,
      );
      logger.info(`Demo accounts: ${accounts.join(', ')}`, {
        message: `Demo accounts: ${[DEMO_OWNER, DEMO_CUSTOMER, DEMO_GUEST].map((a) => a.email).join(', ')}`,
      });
    }
  }
} catch (error) {
  await failStart(error);
}

const mailer = createMailer(config, logger);
if (mailer.kind === 'outbox') {
  const where = outboxDir(config.dataDir);
  logger.info(
    devOutboxEnabled(config)
      ? `Emails are not sent: they are printed and written to ${where} (GET /api/dev/outbox/)`
      : `WARNING: RESEND_API_KEY is not set, emails are not sent, only printed and written to ${where}`,
  );
}
const background = createBackground(logger);
// --- email queue: every instance sends what is queued (mail/sender.ts, decision 0025) ---
const emails = createEmailSender({
  db,
  mailer,
  config,
  clock: () => new Date(),
  logger,
  run: background.run,
  // An order's email (QR codes) is rendered once the bookings pause for a quarter of a second,
  // 2.5 s at most after the first: not on the cores of an on-sale's bookings. Account emails go
  // at once (docs/decisions/0054-pipelined-commits-and-emails-after-the-burst.md).
  quietMs: 250,
});
// --- end email queue
// Listening for seat changes and sweeping lapsed holds from the start, streams or not: a lapse is
// recounted and announced even when nobody here watches that show.
const live = createLiveHub({ db, config, clock: () => new Date(), logger });
doing = 'listening for seat changes';
await live.start().catch(failStart);
const app = createApp({
  config,
  db,
  readDb,
  logger,
  mailer,
  background,
  emails, // email queue
  live,
  metrics,
  connectionIp: (c) => getConnInfo(c).remote.address,
});
// Once a shutdown begins the health check answers 503, so a balancer takes this instance out.
const drain = drainable(app.fetch);
// Rollout plans walk by themselves: every instance looks at the due ones (the schedule is in
// PostgreSQL; SKIP LOCKED keeps two instances from taking one step twice).
const rollouts = createRolloutTicker({ db, clock: () => new Date(), logger });
rollouts.start();
// Waitlist offers pass on by themselves: a lapsed hold or an unclaimed offer reaches the next entry
// with nobody polling (onsale/offer-ticker.ts; an advisory lock per show between instances).
const offers = createOfferTicker({
  db,
  clock: () => new Date(),
  logger,
  onOffered: () => emails.wake('waitlist_offer'),
});
offers.start();
await emails.start(); // email queue: listen, then send what is due (left by a crash too)
// Ready: from now on the app answers.
serve = drain.fetch;
{
  const { hostname, port } = server.addr;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const reads = readDb ? ', lists and reports from the replica at DATABASE_READ_URL' : '';
  logger.info(`API ready on http://${host}:${port} (database: ${db.kind}${reads})`);
}

// Stopping (an orchestrator's SIGTERM, or Ctrl-C) drains: the listener closes at once (a new
// connection is refused, so the balancer sends it to another instance), idle keep-alive
// connections close, requests in flight finish (each answer says `Connection: close`), and the
// seat streams end with a short `retry:` so their clients reconnect elsewhere at once and resume
// from their last event. Whatever is still open after DRAIN_MS is cut and the process exits.
let stopping = false;
shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  drain.start();
  logger.info(`${signal} received, stopping API (draining for at most ${DRAIN_MS / 1000} s)`);
  const force = setTimeout(() => {
    logger.info(`Requests still open after ${DRAIN_MS / 1000} s: stopping anyway`);
    logger.flush();
    Deno.exit(0);
  }, DRAIN_MS);
  const closing = server.shutdown();
  await live.stop();
  await rollouts.stop();
  await offers.stop();
  await emails.stop(); // email queue
  await closing;
  await background.idle();
  await Promise.all([db.close(), readDb?.close()]);
  clearTimeout(force);
  logger.flush();
  Deno.exit(0);
};
