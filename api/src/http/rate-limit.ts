// Sliding-window rate limits kept in PostgreSQL, so every API instance counts the same events.
// Each counted event is a row (key, at); a limit allows `max` events per `windowSeconds`.
import type { Db } from '../db/db.ts';
import { clientNetwork, NETWORK_PREFIX_BITS, WIDE_NETWORK_PREFIX_BITS } from './client-ip.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  /** What is counted, e.g. `otp:email:a@b.c` or `login:net:10.0.0.1` (networkLimits). */
  key: string;
  max: number;
  windowSeconds: number;
  /** The 429's detail; `{minutes}` becomes the wait, rounded up. */
  message: string;
}

export interface Blocked {
  limit: Limit;
  retryAfterSeconds: number;
}

export interface Consumed {
  /** The first exhausted limit (the one with the longest wait); nothing was recorded. */
  blocked: Blocked | null;
  /** Ids of the events recorded (one per limit), for `forget`. */
  eventIds: number[];
}

/** The networks a client address is counted in (docs/decisions/0029-limits-count-networks.md). */
export interface ClientNetworks {
  /** An IPv4 address, or an IPv6 /64: what one subscriber is given at least. */
  network: string;
  /** An IPv6 /48 (one site); null for IPv4, whose network is the address already. */
  wide: string | null;
}

export function networksOf(ip: string): ClientNetworks {
  const network = clientNetwork(ip, NETWORK_PREFIX_BITS);
  const wide = clientNetwork(ip, WIDE_NETWORK_PREFIX_BITS);
  return { network, wide: wide === network ? null : wide };
}

/**
 * The limits of something counted per client: `max` per network (IPv4 address or IPv6 /64) and,
 * for IPv6, `wideMax` per /48, so that neither a new address nor a new /64 of the same site
 * starts a fresh count. Keys: `<name>:net:<network>` and `<name>:net48:<network>`.
 */
export function networkLimits(
  name: string,
  ip: string,
  limit: {
    max: number;
    wideMax: number;
    windowSeconds: number;
    message: string;
  },
): Limit[] {
  const { network, wide } = networksOf(ip);
  const { max, wideMax, windowSeconds, message } = limit;
  const limits: Limit[] = [
    {
      key: `${name}:net:${network}`,
      max,
      windowSeconds,
      message,
    },
  ];
  if (wide) {
    limits.push({
      key: `${name}:net48:${wide}`,
      max: wideMax,
      windowSeconds,
      message,
    });
  }
  return limits;
}

/** Rows older than this are deleted; every window must be shorter. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Counts one event against every limit if none of them is exhausted, all in one transaction;
 * when one is exhausted, records nothing and says how long to wait. Concurrent callers on the
 * same keys take turns (advisory locks), so a burst cannot slip past a limit.
 *
 * One round trip: the locks, the count-and-record, the clean-up and COMMIT go out together
 * (pipelined, tx.commit()). PostgreSQL runs them in order, and each statement sees what was
 * committed before it started, so the count, which starts once the locks are held, sees every
 * event of the callers before. Every hold and payment of an on-sale passes here.
 */
export async function consume(db: Db, limits: readonly Limit[], now: Date): Promise<Consumed> {
  for (const limit of limits) {
    if (limit.windowSeconds >= RATE_LIMIT_RETENTION_SECONDS) {
      throw new Error(`Rate limit window for ${limit.key} is longer than the retention`);
    }
  }
  const keys = limits.map((l) => l.key);
  const sinces = limits.map((l) => new Date(now.getTime() - l.windowSeconds * 1000).toISOString());
  const maxes = limits.map((l) => l.max);
  const expired = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
  const [row] = await db.transaction(async (tx) => {
    // Two-int form: its own lock space, apart from the migration runner's single-key lock.
    const locked = [...new Set(keys)]
      .sort()
      .map((key) => tx.query`SELECT pg_advisory_xact_lock(41, hashtext(${key}::text))`);
    // For each limit, the max-th newest event in its window (none: not exhausted); one event
    // recorded per limit only if none is.
    const counted = tx.query<{
      exhausted: { i: number; oldest_counted: string }[] | null;
      ids: number[];
    }>`
      WITH limits AS (
        SELECT * FROM unnest(${keys}::text[], ${sinces}::timestamptz[], ${maxes}::integer[])
                 WITH ORDINALITY AS l(key, since, max, i)
      ), counts AS (
        SELECT l.i,
               (SELECT e.at FROM rate_limit_events e
                 WHERE e.key = l.key AND e.at > l.since
                 ORDER BY e.at DESC OFFSET l.max - 1 LIMIT 1) AS oldest_counted
          FROM limits l
      ), recorded AS (
        INSERT INTO rate_limit_events (key, at)
        SELECT key, ${now} FROM limits
         WHERE NOT EXISTS (SELECT 1 FROM counts WHERE oldest_counted IS NOT NULL)
         ORDER BY i
        RETURNING id
      )
      SELECT (SELECT json_agg(json_build_object('i', i, 'oldest_counted', oldest_counted))
                FROM counts WHERE oldest_counted IS NOT NULL) AS exhausted,
             ARRAY(SELECT id FROM recorded ORDER BY id) AS ids`;
    const pruned = tx.query`DELETE FROM rate_limit_events WHERE at < ${expired}`;
    const [, rows] = await Promise.all([Promise.all(locked), counted, pruned, tx.commit()]);
    return rows;
  });
  if (!row) throw new Error('The rate limit was not counted');
  let blocked: Blocked | null = null;
  for (const { i, oldest_counted } of row.exhausted ?? []) {
    const limit = limits[i - 1] as Limit;
    // Free again once the max-th newest event leaves the window.
    const freeAt = new Date(oldest_counted).getTime() + limit.windowSeconds * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    if (!blocked || retryAfterSeconds > blocked.retryAfterSeconds) {
      blocked = { limit, retryAfterSeconds };
    }
  }
  return { blocked, eventIds: blocked ? [] : row.ids.map(Number) };
}

/** Throws the 429 (with Retry-After) for a blocked result. */
export function throwIfBlocked({ blocked }: Consumed): void {
  if (!blocked) return;
  const minutes = Math.ceil(blocked.retryAfterSeconds / 60);
  const detail = blocked.limit.message.replace(
    '{minutes}',
    `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  );
  tooManyRequests(detail, blocked.retryAfterSeconds);
}

/** Un-counts events recorded by `consume` (e.g. a login attempt that turned out right). */
export async function forget(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.query`DELETE FROM rate_limit_events WHERE id = ANY(${eventIds as number[]}::bigint[])`;
}

/** Clears a key's whole count (e.g. an account's failed logins after a successful one). */
export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.query`DELETE FROM rate_limit_events WHERE key = ${key}`;
}

/**
 * How many events of `key` lie in the last `windowSeconds`; with `beforeId`, only those recorded
 * before that event (of callers that `consume`d the same key at once, each sees only those whose
 * turn came first).
 */
export async function countRecent(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
  beforeId: number | null = null,
): Promise<number> {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM rate_limit_events
     WHERE key = ${key} AND at > ${since} AND (${beforeId}::bigint IS NULL OR id < ${beforeId})`;
  return row?.n ?? 0;
}
