// Builds the Hono app from injected config and database. No Deno globals here: main.ts serves it,
// tests drive it with app.request().
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { z } from 'zod';
import { auditScope } from './audit/scope.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { isConnectionLoss } from './db/errors.ts';
import { ReplicaUnavailableError } from './db/replica.ts';
import { accessLog } from './http/access-log.ts';
import { type Background, createBackground } from './http/background.ts';
import { type ConnectionIp, clientIpFrom } from './http/client-ip.ts';
import type { AppEnv, Clock } from './http/context.ts';
import { docsPage, docsScript } from './http/docs-page.ts';
import {
  ApiError,
  databaseUnavailable,
  type ErrorCode,
  errorBody,
  validationError,
} from './http/errors.ts';
import { noStore } from './http/no-store.ts';
import { openApiDocument } from './http/openapi.ts';
import { createLiveHub, type LiveHub } from './live/hub.ts';
import { consoleLogger, type Logger } from './logger.ts';
import type { Mailer } from './mail/mail.ts';
import { createMailer, devOutboxEnabled } from './mail/mailer.ts';
import { createEmailSender, type EmailSender } from './mail/sender.ts';
import { collectFrom } from './metrics/collectors.ts';
import { metricsMiddleware } from './metrics/http.ts';
import type { Metrics } from './metrics/metrics.ts';
import { accountsRoutes } from './routes/accounts/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { bookingsRoutes } from './routes/bookings/index.ts';
import { devRoutes } from './routes/dev/index.ts';
import { doorStaffRoutes } from './routes/door-staff/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { holdsRoutes } from './routes/holds/index.ts';
import { moviesRoutes, POSTER_PATH } from './routes/movies/index.ts';
import { onsaleRoutes } from './routes/onsale/index.ts';
import { postersRoutes } from './routes/posters/index.ts';
import { releasesRoutes } from './routes/releases/index.ts';
import { reportsRoutes } from './routes/reports/index.ts';
import { screensRoutes } from './routes/screens/index.ts';
import { seatsRoutes } from './routes/seats/index.ts';
import { showsRoutes } from './routes/shows/index.ts';
import { theatersRoutes } from './routes/theaters/index.ts';
import { CHECK_IN_SYNC_PATH, checkInRoutes, ticketsRoutes } from './routes/tickets/index.ts';
import { traceRequests } from './tracing/http.ts';
import { tracingOn } from './tracing/tracing.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The read replica (db/index.ts openReadDb); none: the lists read `db` too. */
  readDb?: Db | null;
  clock?: Clock;
  logger?: Logger;
  /** Default: Resend when configured, else the dev outbox (see mail/mailer.ts). */
  mailer?: Mailer;
  /** Work finishing after the response; main.ts waits for it on shutdown, tests before asserting. */
  background?: Background;
  /**
   * The email queue's sender (mail/sender.ts); main.ts starts and stops it. Default: one that
   * sends only when woken (by the handlers after their commits), in `background`.
   */
  emails?: EmailSender;
  /** The TCP peer's address (main.ts reads it from Deno.serve); default: none known. */
  connectionIp?: ConnectionIp;
  /**
   * The live seat map (live/hub.ts); whoever passes it starts and stops it (main.ts, the test
   * apps). Default: one on `db` that starts with the first stream and is never stopped.
   */
  live?: LiveHub;
  /**
   * This instance's Prometheus metrics (metrics/metrics.ts), served by main.ts on METRICS_PORT,
   * never here. None (the default): no request is measured and nothing is collected.
   */
  metrics?: Metrics | null;
}

export type App = Hono<AppEnv>;

const DOCS_PATH = /^\/api\/docs\/?$/;

export const REPLICA_UNAVAILABLE =
  'Lists and reports are unavailable for a moment. Please try again shortly.';

// Machine codes for HTTPExceptions thrown by Hono itself (malformed JSON, ...) or its middleware.
const CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  410: 'gone',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

export function createApp({
  config,
  db,
  readDb = null,
  clock = () => new Date(),
  logger = consoleLogger,
  mailer = createMailer(config, logger),
  background = createBackground(logger),
  connectionIp = () => null,
  live = createLiveHub({ db, config, clock, logger }),
  emails = createEmailSender({ db, mailer, config, clock, logger, run: background.run }),
  metrics = null,
}: AppDeps): App {
  // strict: false makes the trailing slash optional: /api/health and /api/health/ are one route.
  const app = new Hono<AppEnv>({ strict: false });

  // First, so every answer is counted, whoever gives it (onError's too).
  if (metrics) {
    app.use(metricsMiddleware(metrics));
    collectFrom(metrics, { db, readDb, live, clock });
  }

  app.use(requestId({ headerName: 'X-Request-Id' }));
  // Names Deno's server span by route, with the request id (tracing/http.ts); off: not installed.
  if (tracingOn) app.use(traceRequests);
  // The request's id on the audit records its handler writes (audit/scope.ts).
  app.use(auditScope);
  if (config.logRequests) app.use(accessLog(logger));
  const jsonHeaders = secureHeaders({
    // JSON only: nothing here should ever load a resource or be framed.
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    // What only a document or an old browser's download reads is left off a JSON answer: each
    // header costs every answer (decision 0048). Kept: nosniff, framing, referrer, HSTS, CSP and
    // Cross-Origin-Resource-Policy (no other origin's page may read an answer as a resource).
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    removePoweredBy: false,
  });
  // The reference page at /api/docs is the one HTML answer; it sets its own policy.
  app.use((c, next) => (DOCS_PATH.test(c.req.path) ? next() : jsonHeaders(c, next)));
  // Answers with tokens or personal data are never cached (http/no-store.ts).
  app.use(noStore);
  const allowed = new Set(config.corsOrigins);
  const crossOrigin = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Last-Event-ID: the seat stream's resume point (live/stream.ts), sent by fetch.
    allowHeaders: [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'X-Request-Id',
      'Last-Event-ID',
      // W3C trace context: the browser's request and the API's spans are one trace (0034).
      'traceparent',
    ],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  // Only a browser's cross-origin request carries Origin, and only it needs these headers. Hono's
  // cors() reads c.res before the handler, so the handler's answer is built twice and its body
  // turned into a stream: a tenth of a seat map's cost from memory. Same-origin calls (the apps
  // through the site's /api/, decision 0019) skip it; an answer still says it varies by Origin.
  app.use((c, next) => {
    if (c.req.header('Origin') !== undefined) return crossOrigin(c, next);
    c.header('Vary', 'Origin', { append: true });
    return next();
  });
  app.use(async (c, next) => {
    c.set('config', config);
    c.set('db', db);
    c.set('readDb', readDb ?? db);
    c.set('clock', clock);
    c.set('logger', logger);
    c.set('mailer', mailer);
    c.set('background', background);
    c.set('emails', emails);
    c.set('live', live);
    c.set('metrics', metrics);
    c.set(
      'clientIp',
      clientIpFrom(c.req.header('X-Forwarded-For'), connectionIp(c), config.trustProxyHops),
    );
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw new ApiError(413, 'Request body is too large', 'payload_too_large', {
        limit_bytes: config.bodyLimitBytes,
      });
    },
  });
  // A door scanner's sync and a movie's poster have limits of their own
  // (routes/tickets/post-check-in-sync.ts, routes/movies/put-movie-poster.ts).
  app.use('/api/*', (c, next) =>
    CHECK_IN_SYNC_PATH.test(c.req.path) || POSTER_PATH.test(c.req.path)
      ? next()
      : limitBody(c, next),
  );

  app.route('/api/health', healthRoutes);
  app.route('/api', accountsRoutes);
  app.route('/api/theaters', theatersRoutes);
  app.route('/api/screens', screensRoutes);
  app.route('/api/movies', moviesRoutes);
  app.route('/api/posters', postersRoutes);
  app.route('/api/shows', showsRoutes);
  app.route('/api/seats', seatsRoutes);
  app.route('/api/holds', holdsRoutes);
  app.route('/api/onsale', onsaleRoutes);
  app.route('/api/bookings', bookingsRoutes);
  app.route('/api/my-tickets', ticketsRoutes);
  app.route('/api/tickets', checkInRoutes);
  app.route('/api/door-staff', doorStaffRoutes);
  app.route('/api/reports', reportsRoutes);
  app.route('/api/releases', releasesRoutes);
  app.route('/api/admin', adminRoutes);
  if (devOutboxEnabled(config)) app.route('/api/dev', devRoutes);

  // The API's own description, generated once from the routes above (http/openapi.ts).
  let document: Promise<Record<string, unknown>> | null = null;
  app.get('/api/openapi.json', async (c) => {
    document ??= openApiDocument(app);
    return c.json(await document);
  });
  app.get('/api/docs', docsPage('/api/openapi.json'));
  app.get('/api/docs/:file', docsScript);

  app.notFound((c) => c.json(errorBody('Not found', 'not_found'), 404));

  // While the database is away every request fails alike: one log line per few seconds says so
  // (with how many were answered 503), not one per request.
  const DB_DOWN_LOG_MS = 5000;
  let dbDownLoggedAt = Number.NEGATIVE_INFINITY;
  let dbDownUnlogged = 0;
  function logDatabaseDown(what: string, err: unknown) {
    const now = performance.now();
    if (now - dbDownLoggedAt < DB_DOWN_LOG_MS) {
      dbDownUnlogged++;
      return;
    }
    const more = dbDownUnlogged > 0 ? ` (and ${dbDownUnlogged} more 503s since the last line)` : '';
    dbDownLoggedAt = now;
    dbDownUnlogged = 0;
    const reason = err instanceof Error ? `${err.message}` : String(err);
    logger.error(`Database unavailable, answering 503: ${what}: ${reason}${more}`);
  }

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status, err.headers);
    if (err instanceof ReplicaUnavailableError) {
      // The lists and reports fail; the booking path, on the primary, goes on (decision 0016).
      logger.error(`${c.req.method} ${c.req.path}: ${err.message}`);
      return c.json(errorBody(REPLICA_UNAVAILABLE, 'replica_unavailable'), 503, {
        'Retry-After': '5',
      });
    }
    if (isConnectionLoss(err)) {
      // The database, not the request, failed: the client may try again in a moment (db/errors.ts
      // isConnectionLoss; decision 0022). Never a 500 for an outage.
      logDatabaseDown(`${c.req.method} ${c.req.path}`, err);
      const answer = databaseUnavailable();
      return c.json(answer.body, 503, answer.headers);
    }
    if (err instanceof z.core.$ZodError) {
      const error = validationError(err.issues);
      return c.json(error.body, error.status);
    }
    if (err instanceof HTTPException) {
      const detail = err.message || err.getResponse().statusText || 'Request failed';
      const headers: Record<string, string> = {};
      err.res?.headers.forEach((value, key) => {
        if (!/^content-(type|length)$/i.test(key)) headers[key] = value;
      });
      return c.json(errorBody(detail, CODES[err.status] ?? 'error'), err.status, headers);
    }
    logger.error(
      `Unhandled error in ${c.req.method} ${c.req.path} (request ${c.get('requestId')})`,
      err,
    );
    return c.json(errorBody('Internal server error', 'internal'), 500);
  });

  return app;
}
