// What the live seat map reads: the seat changes logged by booking/sql.ts recordSeatChange (for a
// viewer that starts or resumes a stream, and for a change too big for its NOTIFY), the holds the
// expiry sweep is waiting for, and the pruning of old changes. Seats are written only in
// booking/sql.ts.
import type { Queryable } from '../db/db.ts';

/** A seat's new public status, as seat_events logs it. */
export interface SeatChange {
  id: number;
  status: 'booked' | 'held' | 'available';
  /** The booker's username (shown only to an admin or the show's theater owner). */
  booked_by: string | null;
  /** The booking was checked in at the door (shown only to an admin or the theater's owner). */
  checked_in: boolean;
  /** Present and true when the booking's ticket was scanned again while inside (a duplicate). */
  duplicate?: boolean;
}

/** One logged change of a show's seat map. */
export interface SeatEvent {
  id: number;
  show: number;
  /** The show's seats_version after this change. */
  version: number;
  seats: SeatChange[];
}

/**
 * What a stream of the show starts from, read in one statement: the theater's owner (who may see
 * it), the show's seats_version and its newest logged change. Null for an unknown show.
 */
export async function streamHead(
  q: Queryable,
  showId: number,
): Promise<{ owner_id: number; version: number; newest: number } | null> {
  const [row] = await q.query<{ owner_id: number; version: number; newest: number }>`
    SELECT t.owner_id, s.seats_version AS version,
           coalesce((SELECT max(e.id) FROM seat_events e WHERE e.show_id = s.id), 0) AS newest
      FROM shows s
      JOIN theaters t ON t.id = s.theater_id
     WHERE s.id = ${showId}`;
  return row ?? null;
}

/**
 * The show's logged changes from id `from` on (inclusive), oldest first, at most `limit`: a
 * resuming viewer's last event (to learn its version) and the ones it missed.
 */
export async function eventsFrom(
  q: Queryable,
  c: { showId: number; from: number; limit: number },
): Promise<SeatEvent[]> {
  return await q.query<SeatEvent>`
    SELECT id, show_id AS show, version, seats FROM seat_events
     WHERE show_id = ${c.showId} AND id >= ${c.from}
     ORDER BY id
     LIMIT ${c.limit}`;
}

/** One logged change (when its NOTIFY came without the seats: too many for a notification). */
export async function eventById(q: Queryable, id: number): Promise<SeatEvent | null> {
  const [row] = await q.query<SeatEvent>`
    SELECT id, show_id AS show, version, seats FROM seat_events WHERE id = ${id}`;
  return row ?? null;
}

/** The earliest held_until of a seat still carrying a hold (lapsed or not), or null. */
export async function nextHoldExpiry(q: Queryable): Promise<Date | null> {
  const [row] = await q.query<{ at: Date | null }>`
    SELECT min(held_until) AS at FROM seats WHERE held_until IS NOT NULL AND hold_id IS NOT NULL`;
  return row?.at ?? null;
}

/** The shows with a seat whose hold has lapsed but is still written on it. */
export async function showsWithLapsedHolds(q: Queryable, now: Date): Promise<number[]> {
  const rows = await q.query<{ show_id: number }>`
    SELECT DISTINCT show_id FROM seats
     WHERE held_until IS NOT NULL AND held_until <= ${now} AND hold_id IS NOT NULL
     ORDER BY show_id`;
  return rows.map((r) => r.show_id);
}

/**
 * Deletes changes logged before `before`, at most `limit` of them, except each show's newest:
 * that one tells a resuming viewer which version it had (live/stream.ts openingFrames). Rows
 * another instance is deleting at the same moment are skipped. Returns how many it deleted.
 */
export async function pruneSeatEvents(
  q: Queryable,
  c: { before: Date; limit: number },
): Promise<number> {
  const rows = await q.query<{ id: number }>`
    DELETE FROM seat_events
     WHERE id IN (SELECT e.id FROM seat_events e
                   WHERE e.created_at < ${c.before}
                     AND EXISTS (SELECT 1 FROM seat_events n
                                  WHERE n.show_id = e.show_id AND n.id > e.id)
                   ORDER BY e.id
                   LIMIT ${c.limit}
                     FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.length;
}

/** The channel the sessions triggers (migration 0017) notify with the id of a session that ended. */
export const SESSION_ENDED_CHANNEL = 'session_ended';

// Advisory lock classes of the stream counts (two-int form; rate limits use 41, releases 43, 44).
const ACCOUNT_STREAMS_LOCK = 45;
const NETWORK_STREAMS_LOCK = 46;

export interface StreamOwner {
  userId: number;
  sessionId: string;
  /** The client's network (http/client-ip.ts clientNetwork). */
  network: string;
}

export type SlotClaim =
  | { ok: true }
  | { ok: false; reason: 'session' }
  | { ok: false; reason: 'account' | 'address'; limit: number };

/**
 * Counts a new stream against its account's and its network's limits and, if both have room and
 * the session is still alive, records it with a lease. Callers for the same account or network
 * take turns (advisory locks, always the account's first, so two never wait on each other), so
 * racing opens on any instances never exceed a limit. Rows whose lease ran out (an instance that
 * died) are deleted on the way and count for nothing.
 */
export async function claimStreamSlot(
  tx: Queryable,
  c: {
    id: string;
    instance: string;
    owner: StreamOwner;
    perAccount: number;
    perAddress: number;
    leaseSeconds: number;
  },
): Promise<SlotClaim> {
  const { userId, sessionId, network } = c.owner;
  await tx.query`
    SELECT pg_advisory_xact_lock(${ACCOUNT_STREAMS_LOCK}, (${userId}::bigint % 2147483647)::integer)`;
  await tx.query`SELECT pg_advisory_xact_lock(${NETWORK_STREAMS_LOCK}, hashtext(${network}::text))`;
  const [alive] = await tx.query<{ alive: boolean }>`
    SELECT EXISTS (SELECT 1 FROM sessions
                    WHERE id = ${sessionId}::uuid AND user_id = ${userId} AND revoked_at IS NULL)
           AS alive`;
  if (!alive?.alive) return { ok: false, reason: 'session' };
  await tx.query`
    DELETE FROM seat_streams
     WHERE (user_id = ${userId} OR network = ${network}) AND lease_until < now()`;
  const [count] = await tx.query<{ account: number; address: number }>`
    SELECT count(*) FILTER (WHERE user_id = ${userId}) AS account,
           count(*) FILTER (WHERE network = ${network}) AS address
      FROM seat_streams
     WHERE user_id = ${userId} OR network = ${network}`;
  if ((count?.account ?? 0) >= c.perAccount) {
    return { ok: false, reason: 'account', limit: c.perAccount };
  }
  if ((count?.address ?? 0) >= c.perAddress) {
    return { ok: false, reason: 'address', limit: c.perAddress };
  }
  await tx.query`
    INSERT INTO seat_streams (id, instance, user_id, session_id, network, opened_at, lease_until)
    VALUES (${c.id}::uuid, ${c.instance}::uuid, ${userId}, ${sessionId}::uuid, ${network}, now(),
            now() + ${c.leaseSeconds}::integer * interval '1 second')`;
  return { ok: true };
}

/** The stream ended: its slot is free. */
export async function releaseStreamSlots(q: Queryable, ids: string[]): Promise<void> {
  await q.query`DELETE FROM seat_streams WHERE id = ANY(${ids}::uuid[])`;
}

/** The instance stops: every slot it held is free. */
export async function releaseInstanceSlots(q: Queryable, instance: string): Promise<void> {
  await q.query`DELETE FROM seat_streams WHERE instance = ${instance}::uuid`;
}

/**
 * Renews the leases of the instance's open streams, in one statement. Answers, for each slot
 * still recorded, whether its session is alive: a slot missing (its lease ran out and another
 * open deleted it) or with a dead session should end its stream.
 */
export async function renewStreamSlots(
  q: Queryable,
  c: { instance: string; ids: string[]; leaseSeconds: number },
): Promise<{ id: string; alive: boolean }[]> {
  return await q.query<{ id: string; alive: boolean }>`
    WITH renewed AS (
      UPDATE seat_streams
         SET lease_until = now() + ${c.leaseSeconds}::integer * interval '1 second'
       WHERE instance = ${c.instance}::uuid AND id = ANY(${c.ids}::uuid[])
      RETURNING id, session_id)
    SELECT r.id::text AS id,
           EXISTS (SELECT 1 FROM sessions s WHERE s.id = r.session_id AND s.revoked_at IS NULL)
           AS alive
      FROM renewed r`;
}
