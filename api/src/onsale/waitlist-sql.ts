// The waitlist of a sold-out show: its statements, and the offer of freed seats to the first
// entry whose quantity fits, as a hold in that customer's name (docs/decisions/0031-on-sale-waiting-room.md).
import { HOLD_MINUTES } from '../booking/rules.ts';
import { recordSeatChange, takeSeats } from '../booking/sql.ts';
import type { Db, Queryable, Tx } from '../db/db.ts';
import { queueEmail } from '../mail/queue.ts';

export type WaitlistState = 'waiting' | 'offered' | 'claimed' | 'passed' | 'left';

export interface WaitlistEntry {
  seats: number;
  state: WaitlistState;
  hold_id: number | null;
  offer_expires_at: Date | null;
  /** Waiting entries ahead of this one (0 unless waiting). */
  ahead: number;
}

/** Seats of the show neither booked nor under a hold in force, best first (row, then seat). */
export async function freeSeatIds(q: Queryable, showId: number, now: Date): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    SELECT se.id FROM seats se
     WHERE se.show_id = ${showId}
       AND (se.held_until IS NULL OR se.held_until <= ${now})
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.seat_id = se.id AND NOT b.is_cancelled)
     ORDER BY se.row_label, se.col`;
  return rows.map((r) => r.id);
}

/** Joins (or, after leaving or a passed offer, joins again at the back) for `seats` seats. */
export async function joinWaitlist(
  q: Queryable,
  entry: { showId: number; userId: number; seats: number; now: Date },
): Promise<void> {
  const { showId, userId, seats, now } = entry;
  // Back in after leaving or letting an offer pass: a new place at the back.
  await q.query`
    UPDATE waitlist
       SET seq = DEFAULT, joined_at = ${now}, seats = ${seats}, state = 'waiting',
           hold_id = NULL, offered_at = NULL
     WHERE show_id = ${showId} AND user_id = ${userId} AND state IN ('left', 'passed')`;
  await q.query`
    INSERT INTO waitlist AS w (show_id, user_id, seats, joined_at)
    VALUES (${showId}, ${userId}, ${seats}, ${now})
    ON CONFLICT (show_id, user_id) DO UPDATE SET seats = ${seats} WHERE w.state = 'waiting'`;
}

export async function leaveWaitlist(q: Queryable, showId: number, userId: number) {
  const rows = await q.query`
    UPDATE waitlist SET state = 'left'
     WHERE show_id = ${showId} AND user_id = ${userId} AND state = 'waiting'
    RETURNING 1`;
  return rows.length > 0;
}

export async function findWaitlistEntry(
  q: Queryable,
  showId: number,
  userId: number,
): Promise<WaitlistEntry | null> {
  const [row] = await q.query<WaitlistEntry>`
    SELECT w.seats, w.state, w.hold_id, h.expires_at AS offer_expires_at,
           CASE WHEN w.state <> 'waiting' THEN 0 ELSE (
             SELECT count(*)::integer FROM waitlist o
              WHERE o.show_id = w.show_id AND o.state = 'waiting' AND o.seq < w.seq) END AS ahead
      FROM waitlist w LEFT JOIN holds h ON h.id = w.hold_id
     WHERE w.show_id = ${showId} AND w.user_id = ${userId}`;
  return row ?? null;
}

export async function waitlistLength(q: Queryable, showId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>`
    SELECT count(*)::integer AS n FROM waitlist WHERE show_id = ${showId} AND state = 'waiting'`;
  return row?.n ?? 0;
}

/**
 * The shows whose waitlist has something to do now (the ticker's list, onsale/offer-ticker.ts):
 * an offer whose hold was paid, released or lapsed, or, before the show, a waiting entry that the
 * free seats would fit. Read from the two partial indexes of the waitlist; at most `limit`.
 */
export async function showsWithOffersDue(q: Queryable, now: Date, limit = 200): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    SELECT s.id FROM shows s
     WHERE s.id IN (SELECT show_id FROM waitlist WHERE state IN ('waiting', 'offered'))
       AND (EXISTS (SELECT 1 FROM waitlist w JOIN holds h ON h.id = w.hold_id
                     WHERE w.show_id = s.id AND w.state = 'offered'
                       AND (h.confirmed_at IS NOT NULL OR h.released_at IS NOT NULL
                            OR h.expires_at <= ${now}))
            OR (s.starts_at > ${now}
                AND (SELECT min(w.seats) FROM waitlist w
                      WHERE w.show_id = s.id AND w.state = 'waiting')
                    <= (SELECT count(*) FROM seats se
                         WHERE se.show_id = s.id
                           AND (se.held_until IS NULL OR se.held_until <= ${now})
                           AND NOT EXISTS (SELECT 1 FROM bookings b
                                            WHERE b.seat_id = se.id AND NOT b.is_cancelled))))
     ORDER BY s.id
     LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** The first key of offerFreedSeats' advisory lock (the second is the show's id, modulo
 * 2^31 to fit an integer). 'wait' in ASCII. */
const OFFER_LOCK = 0x77616974;

/**
 * Settles the show's offers (paid: claimed; released or lapsed unpaid: passed) and offers the
 * free seats, in turn, to the first waiting entry whose quantity fits, as a HOLD_MINUTES hold in
 * that customer's name. Offers of one show take turns (an advisory lock; a caller finding it
 * taken skips). Returns the user ids offered seats now.
 */
export async function offerFreedSeats(db: Db, showId: number, now: Date): Promise<number[]> {
  // Most shows have no waitlist: one indexed read, and nothing more.
  const [active] = await db.query<{ any: boolean }>`
    SELECT EXISTS (SELECT 1 FROM waitlist
                    WHERE show_id = ${showId} AND state IN ('waiting', 'offered')) AS any`;
  if (!active?.any) return [];
  try {
    return await offerInTurn(db, showId, now);
  } catch (error) {
    // A customer's own hold took a seat between the count and the offer: all of it rolled back,
    // and the next poll offers again.
    if (error instanceof OfferRace) return [];
    throw error;
  }
}

class OfferRace extends Error {}

async function offerInTurn(db: Db, showId: number, now: Date): Promise<number[]> {
  return await db.transaction(async (tx) => {
    const [lock] = await tx.query<{ got: boolean }>`
      SELECT pg_try_advisory_xact_lock(${OFFER_LOCK}::integer, (${showId}::bigint % 2147483648)::integer) AS got`;
    if (!lock?.got) return [];
    await tx.query`
      UPDATE waitlist w
         SET state = CASE WHEN h.confirmed_at IS NOT NULL THEN 'claimed' ELSE 'passed' END
        FROM holds h
       WHERE w.show_id = ${showId} AND w.state = 'offered' AND h.id = w.hold_id
         AND (h.confirmed_at IS NOT NULL OR h.released_at IS NOT NULL OR h.expires_at <= ${now})`;
    const [show] = await tx.query<{ open: boolean }>`
      SELECT starts_at > ${now} AS open FROM shows WHERE id = ${showId}`;
    if (!show?.open) return [];
    const offered: number[] = [];
    let free = await freeSeatIds(tx, showId, now);
    while (free.length > 0) {
      const next = await firstFitting(tx, showId, free.length);
      if (!next) break;
      const seatIds = free.slice(0, next.seats);
      await offerHold(tx, { showId, userId: next.user_id, email: next.email, seatIds, now });
      offered.push(next.user_id);
      free = free.slice(next.seats);
    }
    return offered;
  });
}

async function firstFitting(tx: Tx, showId: number, free: number) {
  const [row] = await tx.query<{ user_id: number; seats: number; email: string }>`
    SELECT w.user_id, w.seats, u.email FROM waitlist w JOIN users u ON u.id = w.user_id
     WHERE w.show_id = ${showId} AND w.state = 'waiting' AND w.seats <= ${free}
     ORDER BY w.seq LIMIT 1`;
  return row ?? null;
}

async function offerHold(
  tx: Tx,
  offer: { showId: number; userId: number; email: string; seatIds: number[]; now: Date },
): Promise<void> {
  const { showId, userId, email, seatIds, now } = offer;
  const until = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const [hold] = await tx.query<{ id: number }>`
    INSERT INTO holds (user_id, show_id, seat_ids, created_at, expires_at)
    VALUES (${userId}, ${showId}, ${seatIds}::bigint[], ${now}, ${until})
    RETURNING id`;
  if (!hold) throw new Error('INSERT INTO holds returned no row');
  const taken = await takeSeats(tx, { id: hold.id, userId, showId, seatIds, now, until });
  if (taken.length !== seatIds.length) throw new OfferRace(`Offer of show ${showId}: seats moved`);
  await tx.query`
    UPDATE waitlist SET state = 'offered', hold_id = ${hold.id}, offered_at = ${now}
     WHERE show_id = ${showId} AND user_id = ${userId}`;
  // The email goes with the offer, in its transaction (mail/queue.ts); the caller wakes the sender.
  await queueEmail(tx, { kind: 'waitlist_offer', to: email, payload: { hold_id: hold.id } }, now);
  await recordSeatChange(tx, { showId, seatIds, now });
}
