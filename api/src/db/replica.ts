// The read pool on a PostgreSQL streaming replica (DATABASE_READ_URL): the back-office lists and
// reports read through it (which routes: `readDb` in http/context.ts; why:
// docs/decisions/0016-read-replica.md).
import type { Db, Queryable } from './db.ts';
import { sqlState } from './errors.ts';
import { openPostgres } from './postgres.ts';

/**
 * The replica could not be reached or would not serve (down, restarting, refusing connections).
 * app.ts answers it with a 503: the lists fail, the primary is not asked instead.
 */
export class ReplicaUnavailableError extends Error {
  override name = 'ReplicaUnavailableError';
  constructor(cause: unknown) {
    super(`The read replica is unavailable: ${String(cause)}`, { cause });
  }
}

// postgres.js' own codes for a lost or impossible connection, and the socket errors under them.
const CONNECTION_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);

// Server answers meaning "not now" rather than "bad query": connection exceptions (class 08),
// shutting down or starting up (57P01..57P03), too many connections (53300), and the database
// not there (3D000: dropped, or not yet replayed).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** True when `error` says the server is out of reach, not that the query was wrong. */
export function isUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return state.startsWith('08') || UNAVAILABLE_STATES.has(state);
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}

// 40001 on a standby: "canceling statement due to conflict with recovery" (replay needed to
// remove rows the query could still see). A read is safe to run again, and the next try
// normally succeeds.
const RECOVERY_CONFLICT = '40001';

export interface ReplicaOptions {
  max?: number;
  /** Seconds to wait for a connection before the request fails (default 5). */
  connectTimeout?: number;
}

/**
 * A read-only Db on the replica at `url`. Every session is read-only (a write through it fails
 * with 25006 even when the URL names a primary), a statement cancelled by a recovery conflict is
 * run once more, and an unreachable replica throws ReplicaUnavailableError. It cannot listen:
 * NOTIFY is heard on the primary.
 */
export function openReplica(url: string, options: ReplicaOptions = {}): Db {
  const inner = openPostgres(url, {
    max: options.max ?? 10,
    readOnly: true,
    connectTimeout: options.connectTimeout ?? 5,
    applicationName: 'cinema-api-read',
    // A replica that is down should make a list fail now, not after a back-off of up to 20 s.
    retryDelay: 0.25,
  });
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw isUnavailable(error) ? new ReplicaUnavailableError(error) : error;
    }
  };
  const query: Queryable['query'] = (strings, ...params) =>
    guarded(async () => {
      try {
        return await inner.query(strings, ...params);
      } catch (error) {
        if (sqlState(error) !== RECOVERY_CONFLICT) throw error;
        return await inner.query(strings, ...params);
      }
    });
  return {
    kind: inner.kind,
    query,
    transaction: (fn) => guarded(() => inner.transaction(fn)),
    listen: () => Promise.reject(new Error('A replica cannot LISTEN: listen on the primary.')),
    ping: () => inner.ping(),
    close: () => inner.close(),
    stats: () => inner.stats?.() ?? { statementErrors: 0, pool: null },
  };
}

export interface ReplicaStatus {
  /**
   * Seconds the replica is behind: 0 when it has replayed everything it received, else the age of
   * the last transaction it replayed. 0 too for a server that is not a standby.
   */
  lagSeconds: number;
}

/** How far behind the replica is (one query on it). Throws like any query when it is down. */
export async function replicaStatus(readDb: Queryable): Promise<ReplicaStatus> {
  const [row] = await readDb.query<{ lag: number | null }>`
    SELECT CASE
             WHEN NOT pg_is_in_recovery() THEN 0
             WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
             ELSE greatest(0, extract(epoch FROM now() - pg_last_xact_replay_timestamp()))
           END::float8 AS lag`;
  return { lagSeconds: row?.lag ?? 0 };
}
