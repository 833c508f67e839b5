// The process: read config, open and migrate the database, serve, shut down cleanly on signals.
import { getConnInfo } from 'hono/deno';
import { createApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { openDb, openReadDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_CUSTOMER, DEMO_GUEST, DEMO_OWNER, seedDemo } from './demo/seed.ts';
import { createBackground } from './http/background.ts';
import { DRAIN_MS, drainable } from './http/drain.ts';
import { createLiveHub } from './live/hub.ts';
import { bufferedLogger } from './logger.ts';
import { createMailer, devOutboxEnabled } from './mail/mailer.ts';
import { outboxDir } from './mail/outbox.ts';
import { adminAccount, ensureAdmin } from './routes/accounts/admin.ts';
import { createRolloutTicker } from './routes/releases/ticker.ts';
import { findUserByEmail } from './users/sql.ts';

function configOrExit() {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`API configuration error: ${error.message}`);
      Deno.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const db = await openDb(config);
// The back-office lists and reports read the replica at DATABASE_READ_URL, if set.
const readDb = openReadDb(config);
const applied = await migrate(db);
for (const m of applied) console.log(`Applied migration ${m.version} ${m.name}`);

const admin = adminAccount(config);
if (admin) {
  const { user, action } = await ensureAdmin(db, admin.email, admin.password);
  const which = admin.demo ? `demo admin (password ${admin.password})` : 'admin from ADMIN_EMAIL';
  if (action !== 'unchanged')
    console.log(`${action} ${which}: ${user.email}, username ${user.username}`);
  else if (admin.demo) console.log(`Demo admin: ${user.email} / ${admin.password}`);
}

if (config.seedDemo) {
  const seeded = await seedDemo(db, { now: new Date(), tz: config.appTimezone });
  if (seeded?.action === 'seeded') {
    console.log(
      `Seeded demo data: ${seeded.theaters} theaters, ${seeded.movies} movies, ${seeded.shows} shows, ${seeded.bookings} booked seats`,
    );
  } else if (seeded?.action === 'rescheduled') {
    console.log(`Scheduled ${seeded.shows} new demo shows (the earlier ones are over)`);
  }
  if (await findUserByEmail(db, DEMO_OWNER.email)) {
    const accounts = [DEMO_OWNER, DEMO_CUSTOMER, DEMO_GUEST].map(
      (a) => `${a.email} / ${a.password}`,
    );
    console.log(`Demo accounts: ${accounts.join(', ')}`);
  }
}

// Every line of the API's own log goes through one buffered writer (see logger.ts).
const encoder = new TextEncoder();
const logger = bufferedLogger((text) => {
  const bytes = encoder.encode(text);
  for (let written = 0; written < bytes.length; ) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
});
const mailer = createMailer(config, logger);
if (mailer.kind === 'outbox') {
  const where = outboxDir(config.dataDir);
  console.log(
    devOutboxEnabled(config)
      ? `Emails are not sent: they are printed and written to ${where} (GET /api/dev/outbox/)`
      : `WARNING: RESEND_API_KEY is not set, emails are not sent, only printed and written to ${where}`,
  );
}
const background = createBackground(logger);
// Listening for seat changes and sweeping lapsed holds from the start, streams or not: a lapse is
// recounted and announced even when nobody here watches that show.
const live = createLiveHub({ db, config, clock: () => new Date(), logger });
await live.start();
const app = createApp({
  config,
  db,
  readDb,
  logger,
  mailer,
  background,
  live,
  connectionIp: (c) => getConnInfo(c).remote.address,
});
// Once a shutdown begins the health check answers 503, so a balancer takes this instance out.
const drain = drainable(app.fetch);
// Rollout plans walk by themselves: every instance looks at the due ones (the schedule is in
// PostgreSQL; SKIP LOCKED keeps two instances from taking one step twice).
const rollouts = createRolloutTicker({ db, clock: () => new Date(), logger });
rollouts.start();
const server = Deno.serve(
  {
    hostname: config.host,
    port: config.port,
    onListen: ({ hostname, port }) => {
      const host = hostname.includes(':') ? `[${hostname}]` : hostname;
      const reads = readDb ? ', lists and reports from the replica at DATABASE_READ_URL' : '';
      console.log(`API listening on http://${host}:${port} (database: ${db.kind}${reads})`);
    },
  },
  drain.fetch,
);

// Stopping (an orchestrator's SIGTERM, or Ctrl-C) drains: the listener closes at once (a new
// connection is refused, so the balancer sends it to another instance), idle keep-alive
// connections close, requests in flight finish (each answer says `Connection: close`), and the
// seat streams end with a short `retry:` so their clients reconnect elsewhere at once and resume
// from their last event. Whatever is still open after DRAIN_MS is cut and the process exits.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  drain.start();
  console.log(`${signal} received, stopping API (draining for at most ${DRAIN_MS / 1000} s)`);
  const force = setTimeout(() => {
    console.log(`Requests still open after ${DRAIN_MS / 1000} s: stopping anyway`);
    logger.flush();
    Deno.exit(0);
  }, DRAIN_MS);
  const closing = server.shutdown();
  await live.stop();
  await rollouts.stop();
  await closing;
  await background.idle();
  await Promise.all([db.close(), readDb?.close()]);
  clearTimeout(force);
  logger.flush();
  Deno.exit(0);
}
Deno.addSignalListener('SIGINT', () => shutdown('SIGINT'));
Deno.addSignalListener('SIGTERM', () => shutdown('SIGTERM'));
