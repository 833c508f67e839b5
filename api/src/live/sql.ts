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
 * that one tells a resuming viewer which version it had (live/resume.ts). Rows another instance
 * is deleting at the same moment are skipped. Returns how many it deleted.
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
