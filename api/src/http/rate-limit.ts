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
  limit: { max: number; wideMax: number; windowSeconds: number; message: string },
): Limit[] {
  const { network, wide } = networksOf(ip);
  const { max, wideMax, windowSeconds, message } = limit;
  const limits: Limit[] = [{ key: `${name}:net:${network}`, max, windowSeconds, message }];
  if (wide) limits.push({ key: `${name}:net48:${wide}`, max: wideMax, windowSeconds, message });
  return limits;
}

/** Rows older than this are deleted; every window must be shorter. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Counts one event against every limit if none of them is exhausted, all in one transaction;
 * when one is exhausted, records nothing and says how long to wait. Concurrent callers on the
 * same keys take turns (advisory locks), so a burst cannot slip past a limit.
 */
export async function consume(db: Db, limits: readonly Limit[], now: Date): Promise<Consumed> {
  for (const limit of limits) {
    if (limit.windowSeconds >= RATE_LIMIT_RETENTION_SECONDS) {
      throw new Error(`Rate limit window for ${limit.key} is longer than the retention`);
    }
  }
  return await db.transaction(async (tx) => {
    const keys = [...new Set(limits.map((l) => l.key))].sort();
    for (const key of keys) {
      // Two-int form: its own lock space, apart from the migration runner's single-key lock.
      await tx.query`SELECT pg_advisory_xact_lock(41, hashtext(${key}::text))`;
    }
    let blocked: Blocked | null = null;
    for (const limit of limits) {
      const since = new Date(now.getTime() - limit.windowSeconds * 1000);
      const recent = await tx.query<{ at: Date }>`
        SELECT at FROM rate_limit_events
         WHERE key = ${limit.key} AND at > ${since}
         ORDER BY at DESC
         LIMIT ${limit.max}`;
      const oldestCounted = recent.length >= limit.max ? recent[recent.length - 1] : undefined;
      if (oldestCounted) {
        // Free again once the max-th newest event leaves the window.
        const wait =
          (oldestCounted.at.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000;
        const retryAfterSeconds = Math.max(1, Math.ceil(wait));
        if (!blocked || retryAfterSeconds > blocked.retryAfterSeconds) {
          blocked = { limit, retryAfterSeconds };
        }
      }
    }
    if (blocked) return { blocked, eventIds: [] };

    const eventIds: number[] = [];
    for (const limit of limits) {
      const [row] = await tx.query<{ id: number }>`
        INSERT INTO rate_limit_events (key, at) VALUES (${limit.key}, ${now}) RETURNING id`;
      if (row) eventIds.push(row.id);
    }
    const expired = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
    await tx.query`DELETE FROM rate_limit_events WHERE at < ${expired}`;
    return { blocked: null, eventIds };
  });
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
