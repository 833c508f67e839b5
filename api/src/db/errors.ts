// PostgreSQL errors the API turns into answers, read the same way from postgres.js and PGlite.

/** The SQLSTATE of a database error (e.g. '23505'), or null for anything else. */
export function sqlState(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** The constraint a database error names (postgres.js: constraint_name; PGlite: constraint). */
export function constraintName(error: unknown): string | null {
  const e = error as { constraint?: unknown; constraint_name?: unknown } | null;
  const name = e?.constraint_name ?? e?.constraint;
  return typeof name === 'string' ? name : null;
}

/** A unique violation (23505), optionally of one named index or constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== '23505') return false;
  return constraint === undefined || constraintName(error) === constraint;
}

/**
 * A failure the statement errors metric counts: not a fail_unless() condition (an answer, like a
 * 409) nor a statement refused because one before it in its transaction failed (25P02).
 */
export function isStatementFailure(error: unknown): boolean {
  const state = sqlState(error);
  return state !== 'CN001' && state !== '25P02';
}

/** A condition of fail_unless() (migration 0034) found false, optionally with that reason. */
export function isFailedCondition(error: unknown, reason?: string): boolean {
  if (sqlState(error) !== 'CN001') return false;
  return reason === undefined || (error as { message?: unknown }).message === reason;
}

/**
 * A transaction PostgreSQL gave up on through no fault of the request (a deadlock between two
 * writers, or a serialization failure): running it again is safe and normally succeeds.
 */
export function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}

// postgres.js' own codes for a connection that went away or never came, and the socket errors
// of the runtime beneath it (Node's names; Deno's node compat uses them too).
const LOST_CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server that cannot serve right now, whatever the request: class 08 (connection
// exception), 57P01 admin_shutdown (the server is stopping: pg_ctl stop, pg_terminate_backend),
// 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery), 53300 too many
// connections, and 25006: a write on a read-only server, i.e. a pool that reached a standby
// (after a failover with a multi-host URL); see postgres.ts for how that pool is renewed.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/**
 * The database (not the request) failed: the server is down, restarting, unreachable, or a
 * standby. The request may be tried again in a moment; the API answers 503 (app.ts). Looks
 * through `cause` too. PGlite is in-process: only its "closed"/"closing" while the API stops.
 */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (LOST_CONNECTION_CODES.has(code)) return true;
    const state = sqlState(error);
    if (state && (state.startsWith('08') || UNAVAILABLE_STATES.has(state))) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && /^PGlite is clos(ed|ing)$/.test(message)) return true;
  return isConnectionLoss((error as { cause?: unknown }).cause, depth + 1);
}

/** A write reached a read-only server (25006): this pool is on a standby. */
export function isReadOnlyServer(error: unknown): boolean {
  return sqlState(error) === '25006';
}
