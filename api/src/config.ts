// The one module that reads the environment. `loadConfig` is pure (no I/O, no Deno globals) so
// tests can call it with any env; `readConfig` adds the real environment and the dev JWT secret.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { boolFlag, intInRange, isTimeZone, logFormat, optional } from './config-fields.ts';
import type { LogFormat } from './logger.ts';
import { type MetricsConfig, metricsConfig, metricsEnv } from './metrics/config.ts';

/** The repository root (api/src/config.ts -> ../..). Relative paths in the env resolve here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const DEFAULT_CORS_ORIGINS: readonly string[] = [3000, 3001, 3002, 3003, 3004].flatMap(
  (port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
);

export type NodeEnv = 'development' | 'test' | 'production';

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  host: string;
  port: number;
  /** PostgreSQL server URL; null means embedded PGlite under `pgliteDir`. */
  databaseUrl: string | null;
  /**
   * A PostgreSQL streaming replica (DATABASE_READ_URL) the back-office lists and reports read
   * from (see `readDb` in http/context.ts); null: everything reads the primary.
   */
  databaseReadUrl: string | null;
  /** postgres.js pool size (DATABASE_POOL_MAX), of the primary's pool and of the replica's. */
  databasePoolMax: number;
  /**
   * How long a start waits for a PostgreSQL server that does not accept connections yet
   * (DATABASE_WAIT_SECONDS), in seconds; then it gives up with one sentence and exits 1.
   */
  databaseWaitSeconds: number;
  /**
   * Who this process is (API_INSTANCE_ID), repeated by GET /api/health as `instance`, so a
   * supervisor can tell that the answer comes from the process it started; null: not said.
   */
  instanceId: string | null;
  /** Absolute path of the data directory (dev secret, PGlite files, dev outbox). */
  dataDir: string;
  pgliteDir: string;
  jwtSecret: string;
  /** 'env' when JWT_SECRET was given, 'generated' when it came from the data dir or was made now. */
  jwtSecretSource: 'env' | 'generated';
  resendApiKey: string | null;
  emailFrom: string | null;
  /** Resend API base URL (RESEND_BASE_URL); null means the SDK's own default. */
  resendBaseUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  corsOrigins: string[];
  /**
   * The site's own origin (SITE_URL), where the shell is served: links the API hands out (private
   * previews, decision 0036) point there. Default: the first CORS origin, the shell's.
   */
  siteUrl: string;
  bodyLimitBytes: number;
  seedDemo: boolean;
  /**
   * The product's local time zone (APP_TIMEZONE, an IANA name): shows are entered and shown in it
   * (their date, start_time and end_time are computed in SQL with AT TIME ZONE).
   */
  appTimezone: string;
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For (TRUST_PROXY).
   * 0: the header is ignored and the client IP is the connection's address.
   */
  trustProxyHops: number;
  /** Lifetime of an access token (ACCESS_TOKEN_TTL_MINUTES), in seconds. */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token (REFRESH_TOKEN_TTL_DAYS), in seconds; each rotation renews it. */
  refreshTokenTtlSeconds: number;
  /**
   * Seats one customer may hold and own (held + booked, live) per show (MAX_SEATS_PER_SHOW), on
   * every path that holds or books: no single account can hoard a show.
   */
  maxSeatsPerShow: number;
  /** One access-log line per request; off in tests. */
  logRequests: boolean;
  /** LOG_FORMAT: lines for a person (text, the default) or one JSON object each (logger.ts). */
  logFormat: LogFormat;
  /** A comment line on every open seat stream this often (SEAT_EVENTS_HEARTBEAT_MS), for proxies. */
  seatEventsHeartbeatMs: number;
  /**
   * How long seat changes stay in seat_events for reconnecting viewers (SEAT_EVENTS_KEEP_MINUTES),
   * in seconds; a viewer away longer is told to reload the map.
   */
  seatEventsKeepSeconds: number;
  /**
   * Seat streams open at once, across every instance, per account (SEAT_STREAMS_PER_ACCOUNT) and
   * per client network (SEAT_STREAMS_PER_ADDRESS: an IPv4 address or an IPv6 /64); more get 429
   * (live/hub.ts, docs/decisions/0026-streams-end-with-their-session.md).
   */
  seatStreamsPerAccount: number;
  seatStreamsPerAddress: number;
  /** A high-demand show's line (onsale/, decision 0031): minutes an admission lasts, admitted beyond free seats. */
  onsaleAdmissionMinutes: number;
  onsaleAdmitMargin: number;
  /**
   * The longest the expiry sweep's one timer sleeps (it also prunes seat_events when it wakes).
   * Not in the environment; tests with a hand-moved clock shorten it.
   */
  seatSweepMaxWaitMs: number;
  // --- email queue (mail/sender.ts, docs/decisions/0025-email-outbox.md); not in the environment
  /** The sender's safety timer behind NOTIFY: the longest a due email can wait unheard. */
  mailSafetyPollMs: number;
  /** A failing email is tried (with back-off) for this long after it was queued, then failed. */
  mailGiveUpMs: number;
  /** The longest one call to the provider may take; then it counts as a failed try. */
  mailSendTimeoutMs: number;
  // --- end email queue
  /** The Prometheus metrics server (METRICS_PORT, METRICS_HOST; metrics/config.ts). */
  metrics: MetricsConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export interface LoadConfigOptions {
  /**
   * Supplies the JWT secret when JWT_SECRET is unset outside production. `readConfig` passes one
   * that persists the secret under the data dir; the default makes a random one (pure, for tests).
   */
  devJwtSecret?: (dataDir: string) => string;
}

const origin = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const normalized = value.replace(/\/+$/, '');
    try {
      const url = new URL(normalized);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === normalized) {
        return normalized;
      }
    } catch {
      // fall through to the message below
    }
    ctx.addIssue({
      code: 'custom',
      message: `CORS_ORIGINS entry "${value}" is not an origin like https://app.example.com`,
    });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: optional(
      z.enum(['development', 'test', 'production'], {
        message: 'NODE_ENV must be development, test or production',
      }),
    ),
    API_HOST: optional(z.string().trim()),
    API_PORT: optional(intInRange('API_PORT', 1, 65535)),
    DATABASE_URL: optional(
      z
        .string()
        .trim()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
    ),
    DATABASE_READ_URL: optional(
      z
        .string()
        .trim()
        .regex(
          /^postgres(ql)?:\/\//,
          'DATABASE_READ_URL must start with postgres:// or postgresql://',
        ),
    ),
    DATABASE_POOL_MAX: optional(intInRange('DATABASE_POOL_MAX', 1, 1000)),
    DATABASE_WAIT_SECONDS: optional(intInRange('DATABASE_WAIT_SECONDS', 0, 600)),
    API_INSTANCE_ID: optional(
      z
        .string()
        .trim()
        .max(200, 'API_INSTANCE_ID must be at most 200 characters')
        .regex(/^[\x21-\x7e]+$/, 'API_INSTANCE_ID must be printable ASCII without spaces'),
    ),
    PGTARGETSESSIONATTRS: optional(z.string().trim()),
    LOG_FORMAT: optional(logFormat),
    DATA_DIR: optional(z.string().trim()),
    JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET must be at least 32 characters')),
    RESEND_API_KEY: optional(z.string().trim()),
    EMAIL_FROM: optional(z.string().trim()),
    RESEND_BASE_URL: optional(z.url({ message: 'RESEND_BASE_URL must be a URL' })),
    ADMIN_EMAIL: optional(z.email('ADMIN_EMAIL must be an email address')),
    ADMIN_PASSWORD: optional(z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters')),
    CORS_ORIGINS: optional(z.string()),
    SITE_URL: optional(
      z
        .string()
        .trim()
        .transform((value) => value.replace(/\/+$/, ''))
        .refine((value) => {
          try {
            return /^https?:$/.test(new URL(value).protocol);
          } catch {
            return false;
          }
        }, "SITE_URL must be the site's http(s) address, like https://tickets.example.com"),
    ),
    BODY_LIMIT_BYTES: optional(intInRange('BODY_LIMIT_BYTES', 1024, 100 * 1024 * 1024)),
    SEED_DEMO: optional(boolFlag('SEED_DEMO')),
    APP_TIMEZONE: optional(
      z
        .string()
        .trim()
        .refine(isTimeZone, 'APP_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
    ),
    TRUST_PROXY: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .transform((v, ctx) => {
          if (['1', 'true', 'yes', 'on'].includes(v)) return 1;
          if (['0', 'false', 'no', 'off'].includes(v)) return 0;
          if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
          ctx.addIssue({
            code: 'custom',
            message: 'TRUST_PROXY must be true, false or a number of proxies from 0 to 10',
          });
          return z.NEVER;
        }),
    ),
    ACCESS_TOKEN_TTL_MINUTES: optional(intInRange('ACCESS_TOKEN_TTL_MINUTES', 1, 24 * 60)),
    REFRESH_TOKEN_TTL_DAYS: optional(intInRange('REFRESH_TOKEN_TTL_DAYS', 1, 365)),
    MAX_SEATS_PER_SHOW: optional(intInRange('MAX_SEATS_PER_SHOW', 1, 1000)),
    SEAT_EVENTS_HEARTBEAT_MS: optional(intInRange('SEAT_EVENTS_HEARTBEAT_MS', 1000, 300_000)),
    SEAT_EVENTS_KEEP_MINUTES: optional(intInRange('SEAT_EVENTS_KEEP_MINUTES', 1, 24 * 60)),
    SEAT_STREAMS_PER_ACCOUNT: optional(intInRange('SEAT_STREAMS_PER_ACCOUNT', 1, 1000)),
    SEAT_STREAMS_PER_ADDRESS: optional(intInRange('SEAT_STREAMS_PER_ADDRESS', 1, 100_000)),
    ONSALE_ADMISSION_MINUTES: optional(intInRange('ONSALE_ADMISSION_MINUTES', 1, 60)),
    ONSALE_ADMIT_MARGIN: optional(intInRange('ONSALE_ADMIT_MARGIN', 0, 100_000)),
    ...metricsEnv,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET is required when NODE_ENV=production (at least 32 characters)',
      });
    }
    if (env.RESEND_API_KEY && !env.EMAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_FROM'],
        message: 'EMAIL_FROM is required when RESEND_API_KEY is set',
      });
    }
    // postgres.js reads target_session_attrs from the URL (or PGTARGETSESSIONATTRS); for
    // read-write it checks only default_transaction_read_only, which a PostgreSQL 15 hot standby
    // leaves off: it would attach to the standby and stay there (decision 0022).
    for (const [name, value] of [
      ['DATABASE_URL', env.DATABASE_URL],
      ['PGTARGETSESSIONATTRS', env.PGTARGETSESSIONATTRS],
    ] as const) {
      if (value && /(^|[?&])target_session_attrs=read-write(&|$)|^read-write$/i.test(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} asks for target_session_attrs=read-write, which postgres.js satisfies with a read-only hot standby: use target_session_attrs=primary`,
        });
      }
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      // A replica of what? The embedded PGlite has none.
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

function parseOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return [...DEFAULT_CORS_ORIGINS];
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = z.array(origin).safeParse(list);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'Bad CORS_ORIGINS');
  return [...new Set(parsed.data)];
}

const resolvePath = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** Validates `env` and returns the typed config; throws ConfigError with a readable message. */
export function loadConfig(env: Env, options: LoadConfigOptions = {}): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const messages = result.error.issues.map((issue) => issue.message);
    throw new ConfigError(messages.join('; '));
  }
  const e = result.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const dataDir = resolvePath(e.DATA_DIR ?? '.data');
  const databaseUrl = e.DATABASE_URL ?? null;
  const jwtSecret = e.JWT_SECRET ?? (options.devJwtSecret ?? randomSecret)(dataDir);
  const corsOrigins = parseOrigins(e.CORS_ORIGINS);
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host: e.API_HOST ?? '127.0.0.1',
    port: e.API_PORT ?? 8000,
    databaseUrl,
    databaseReadUrl: e.DATABASE_READ_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX ?? 10,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS ?? 30,
    instanceId: e.API_INSTANCE_ID ?? null,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    jwtSecret,
    jwtSecretSource: e.JWT_SECRET ? 'env' : 'generated',
    resendApiKey: e.RESEND_API_KEY ?? null,
    emailFrom: e.EMAIL_FROM ?? null,
    resendBaseUrl: e.RESEND_BASE_URL?.replace(/\/+$/, '') ?? null,
    adminEmail: e.ADMIN_EMAIL ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    corsOrigins,
    siteUrl: e.SITE_URL ?? corsOrigins[0] ?? 'http://localhost:3000',
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 100 * 1024,
    // Demo data only where nobody's real data can be: the embedded database outside production.
    seedDemo: e.SEED_DEMO ?? (databaseUrl === null && nodeEnv !== 'production'),
    appTimezone: e.APP_TIMEZONE ?? 'Asia/Kolkata',
    trustProxyHops: e.TRUST_PROXY ?? 0,
    accessTokenTtlSeconds: (e.ACCESS_TOKEN_TTL_MINUTES ?? 15) * 60,
    refreshTokenTtlSeconds: (e.REFRESH_TOKEN_TTL_DAYS ?? 14) * 24 * 60 * 60,
    // The spec's per-order maximum (10 tickets).
    maxSeatsPerShow: e.MAX_SEATS_PER_SHOW ?? 10,
    logRequests: nodeEnv !== 'test',
    logFormat: e.LOG_FORMAT ?? 'text',
    seatEventsHeartbeatMs: e.SEAT_EVENTS_HEARTBEAT_MS ?? 15_000,
    seatEventsKeepSeconds: (e.SEAT_EVENTS_KEEP_MINUTES ?? 15) * 60,
    seatStreamsPerAccount: e.SEAT_STREAMS_PER_ACCOUNT ?? 10,
    seatStreamsPerAddress: e.SEAT_STREAMS_PER_ADDRESS ?? 50,
    onsaleAdmissionMinutes: e.ONSALE_ADMISSION_MINUTES ?? 5,
    onsaleAdmitMargin: e.ONSALE_ADMIT_MARGIN ?? 20,
    seatSweepMaxWaitMs: 60_000,
    mailSafetyPollMs: 60_000,
    mailGiveUpMs: 24 * 60 * 60_000,
    mailSendTimeoutMs: 10_000,
    metrics: metricsConfig(e),
  };
}

/** Reads `<dataDir>/jwt-secret`, creating it (mode 0600) on first use, so tokens survive restarts. */
export function persistentDevSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomSecret();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The real process configuration. Throws ConfigError; main prints it and exits. */
export function readConfig(): Config {
  return loadConfig(Deno.env.toObject(), { devJwtSecret: persistentDevSecret });
}
