// The real app on a fresh real database, quiet, for `app.request()` tests.
import { type App, createApp } from '../app.ts';
import { currentRequest } from '../audit/rules.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { type Background, createBackground } from '../http/background.ts';
import type { ConnectionIp } from '../http/client-ip.ts';
import type { Clock } from '../http/context.ts';
import { createLiveHub, type LiveHub } from '../live/hub.ts';
import { jsonLines, type Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import { createMailer } from '../mail/mailer.ts';
import { createEmailSender, type EmailSender } from '../mail/sender.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createTestDb } from './db.ts';
import { checkAnswersAgainstDocument } from './declared.ts';

/** Defaults for tests: NODE_ENV=test (no access log), a random JWT secret, no I/O. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), ...overrides };
}

/** Keeps what the app logs, so tests can assert on it instead of it cluttering the output. */
export interface TestLogger extends Logger {
  infos: string[];
  errors: { message: string; error?: unknown }[];
  /** Every line as LOG_FORMAT=json writes it (logger.ts jsonLines), infos and errors in order. */
  json: string[];
}

export function testLogger(): TestLogger {
  const infos: string[] = [];
  const errors: { message: string; error?: unknown }[] = [];
  const json: string[] = [];
  // The request id as main.ts gives it to the JSON lines: from the request being served.
  const line = jsonLines({ instanceId: 'test', requestId: () => currentRequest.getStore() });
  return {
    infos,
    errors,
    json,
    info: (message, fields) => {
      infos.push(message);
      json.push(line('info', message, fields));
    },
    error: (message, error, fields) => {
      errors.push({ message, error });
      json.push(line('error', message, fields, error));
    },
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Use this database instead of a fresh one; the caller closes it. */
  db?: Db;
  /** The read replica the lists and reports read (the caller closes it); none: `db`. */
  readDb?: Db;
  clock?: Clock;
  mailer?: Mailer;
  connectionIp?: ConnectionIp;
  /**
   * The database the email sender uses (default: `db`). A test counting the statements of its
   * requests gives the sender the uncounted one: emails go out after the answers, in between.
   */
  emailsDb?: Db;
  /** Measure the app into these metrics (metrics/metrics.ts createMetrics); default: none. */
  metrics?: Metrics;
}

export interface TestApp extends AsyncDisposable {
  app: App;
  db: Db;
  config: Config;
  logger: TestLogger;
  /** The app's live seat map; it starts with the first stream, and close() stops it. */
  live: LiveHub;
  /** The app's email sender, never started: woken by the handlers; `emails.drain()` by hand. */
  emails: EmailSender;
  /** Resolves when the work the app started after its responses (emails) has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** `await using t = await createTestApp();` closes the database when the test ends. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const logger = testLogger();
  let db = options.db;
  let close = () => Promise.resolve();
  if (!db) {
    const fresh = await createTestDb();
    db = fresh.db;
    close = fresh.close;
  }
  const background: Background = createBackground(logger);
  const live = createLiveHub({ db, config, clock: options.clock ?? (() => new Date()), logger });
  const clock = options.clock ?? (() => new Date());
  const mailer = options.mailer ?? createMailer(config, logger);
  const emails = createEmailSender({
    db: options.emailsDb ?? db,
    mailer,
    config,
    clock,
    logger,
    run: background.run,
  });
  const app = createApp({
    live,
    mailer,
    emails,
    config,
    db,
    logger,
    background,
    ...(options.readDb ? { readDb: options.readDb } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.connectionIp ? { connectionIp: options.connectionIp } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  // Each answer as the document says, or the test fails (testing/declared.ts).
  checkAnswersAgainstDocument(app);
  const settled = () => background.idle();
  const closeAll = async () => {
    // Streams end (with bye) and the listen and the sweep's timer stop before the database goes.
    await live.stop();
    await settled();
    await close();
  };
  return {
    app,
    db,
    config,
    logger,
    live,
    emails,
    settled,
    close: closeAll,
    [Symbol.asyncDispose]: closeAll,
  };
}

/** A clock tests move by hand: `clock.advance(10 * 60_000)`. */
export interface TestClock {
  (): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date('2026-03-01T10:00:00Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}
