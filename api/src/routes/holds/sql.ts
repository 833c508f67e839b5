// Every SQL statement of the holds resource, including the updates of the seats' hold columns.
//
// Lock order: every statement that locks several seats locks them in ascending id order (an
// ORDER BY id ... FOR UPDATE subquery), so two transactions can never wait for each other.
import type { Queryable } from '../../db/db.ts';

export type HoldStatus = 'active' | 'expired' | 'confirmed' | 'released';

export interface HoldSeat {
  id: number;
  row: string;
  column: number;
  label: string;
}

/** A hold as the API shows it. */
export interface HoldView {
  id: number;
  show_id: number;
  seats: HoldSeat[];
  expires_at: Date;
  total_price: number;
  status: HoldStatus;
}

/** How many holds the customer has in force (not released, paid or expired) on other shows. */
export async function countActiveHoldsElsewhere(
  q: Queryable,
  c: { userId: number; showId: number; now: Date },
): Promise<number> {
  const [row] = await q.query<{ n: number }>`
    SELECT count(*)::integer AS n FROM holds
     WHERE user_id = ${c.userId} AND show_id <> ${c.showId}
       AND released_at IS NULL AND confirmed_at IS NULL AND expires_at > ${c.now}`;
  return row?.n ?? 0;
}

export interface RunHold {
  seat_ids: number[];
  expires_at: Date;
  /** When its seats stopped being held: released, or else expired. */
  ended_at: Date;
}

/**
 * The customer's unpaid holds on the show since they last paid for one there (a "run": replacing,
 * re-posting or releasing a hold continues it), limited to those that still matter: a deadline
 * still ahead, or seats let go after `since`.
 */
export async function runHolds(
  q: Queryable,
  c: { userId: number; showId: number; since: Date },
): Promise<RunHold[]> {
  return await q.query<RunHold>`
    SELECT h.seat_ids, h.expires_at,
           least(coalesce(h.released_at, h.expires_at), h.expires_at) AS ended_at
      FROM holds h
     WHERE h.user_id = ${c.userId} AND h.show_id = ${c.showId}
       AND h.confirmed_at IS NULL AND h.expires_at > ${c.since}
       AND h.id > coalesce((SELECT max(p.id) FROM holds p
                             WHERE p.user_id = ${c.userId} AND p.show_id = ${c.showId}
                               AND p.confirmed_at IS NOT NULL), 0)`;
}

/**
 * Locks, in id order, the requested seats of the show and the seats the customer holds there
 * now (the older hold about to be released). Returns the requested seats that exist in the show.
 * Once this returns, no other transaction can change these rows until ours ends, and the next
 * statement sees every booking committed before that: the availability check comes after it.
 */
export async function lockSeatsForHold(
  q: Queryable,
  hold: { showId: number; userId: number; seatIds: number[] },
): Promise<number[]> {
  const rows = await q.query<{ id: number; requested: boolean }>`
    SELECT id, id = ANY (${hold.seatIds}::bigint[]) AS requested
      FROM seats
     WHERE show_id = ${hold.showId}
       AND (id = ANY (${hold.seatIds}::bigint[]) OR held_by = ${hold.userId})
     ORDER BY id
       FOR UPDATE`;
  return rows.filter((r) => r.requested).map((r) => r.id);
}

/** Releases the customer's active holds on the show (their seats become free). */
export async function releaseActiveHolds(
  q: Queryable,
  hold: { showId: number; userId: number; now: Date },
): Promise<void> {
  await q.query`
    WITH released AS (
      UPDATE holds SET released_at = ${hold.now}
       WHERE user_id = ${hold.userId} AND show_id = ${hold.showId}
         AND released_at IS NULL AND confirmed_at IS NULL AND expires_at > ${hold.now}
      RETURNING id, seat_ids
    )
    UPDATE seats se SET hold_id = NULL, held_by = NULL, held_until = NULL
      FROM released r
     WHERE se.id = ANY (r.seat_ids) AND se.hold_id = r.id`;
}

export async function insertHold(
  q: Queryable,
  hold: { userId: number; showId: number; seatIds: number[]; now: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await q.query<{ id: number }>`
    INSERT INTO holds (user_id, show_id, seat_ids, created_at, expires_at)
    VALUES (${hold.userId}, ${hold.showId}, ${hold.seatIds}::bigint[], ${hold.now}, ${hold.expiresAt})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO holds returned no row');
  return row.id;
}

/**
 * Puts the hold on those of its seats that are free: no live booking, and no unexpired hold of
 * someone else. Returns the ids it took; fewer than asked means someone else has the others.
 */
export async function takeSeats(
  q: Queryable,
  hold: { id: number; userId: number; showId: number; seatIds: number[]; now: Date; until: Date },
): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    UPDATE seats
       SET hold_id = ${hold.id}, held_by = ${hold.userId}, held_until = ${hold.until}
     WHERE show_id = ${hold.showId}
       AND id = ANY (${hold.seatIds}::bigint[])
       AND (held_until IS NULL OR held_until <= ${hold.now} OR held_by = ${hold.userId})
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.seat_id = seats.id AND NOT b.is_cancelled)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/** 'A1'-style labels of seats, in row then column order. */
export async function seatLabels(q: Queryable, seatIds: number[]): Promise<string[]> {
  const rows = await q.query<{ label: string }>`
    SELECT row_label || col AS label FROM seats
     WHERE id = ANY (${seatIds}::bigint[])
     ORDER BY row_label, col`;
  return rows.map((r) => r.label);
}

/** The customer's hold with its seats and status at `now`; null if not theirs or unknown. */
export async function findHold(
  q: Queryable,
  holdId: number,
  userId: number,
  now: Date,
  seatPrice: number,
): Promise<HoldView | null> {
  const [row] = await q.query<HoldView>`
    SELECT h.id, h.show_id,
           coalesce((SELECT json_agg(json_build_object('id', se.id, 'row', se.row_label,
                                                        'column', se.col,
                                                        'label', se.row_label || se.col)
                                     ORDER BY se.row_label, se.col)
                       FROM seats se
                      WHERE se.id = ANY (h.seat_ids)), '[]'::json) AS seats,
           h.expires_at,
           cardinality(h.seat_ids) * ${seatPrice}::integer AS total_price,
           CASE WHEN h.confirmed_at IS NOT NULL THEN 'confirmed'
                WHEN h.released_at IS NOT NULL THEN 'released'
                WHEN h.expires_at <= ${now} THEN 'expired'
                ELSE 'active' END AS status
      FROM holds h
     WHERE h.id = ${holdId} AND h.user_id = ${userId}`;
  return row ?? null;
}

export interface LockedHold {
  id: number;
  show_id: number;
  seat_ids: number[];
  expires_at: Date;
  released_at: Date | null;
  confirmed_at: Date | null;
  idempotency_key: string | null;
  show_starts_at: Date;
}

/** The customer's hold, locked until the transaction ends (confirm and release take turns). */
export async function lockHold(
  q: Queryable,
  holdId: number,
  userId: number,
): Promise<LockedHold | null> {
  const [row] = await q.query<LockedHold>`
    SELECT h.id, h.show_id, h.seat_ids, h.expires_at, h.released_at, h.confirmed_at,
           h.idempotency_key, s.starts_at AS show_starts_at
      FROM holds h
      JOIN shows s ON s.id = h.show_id
     WHERE h.id = ${holdId} AND h.user_id = ${userId}
       FOR UPDATE OF h`;
  return row ?? null;
}

/** Marks the hold released and frees the seats that still carry it. */
export async function releaseHold(q: Queryable, hold: LockedHold, now: Date): Promise<void> {
  await q.query`
    UPDATE holds SET released_at = ${now} WHERE id = ${hold.id} AND released_at IS NULL`;
  await q.query`
    UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
     WHERE id IN (SELECT id FROM seats
                   WHERE id = ANY (${hold.seat_ids}::bigint[]) AND hold_id = ${hold.id}
                   ORDER BY id
                     FOR UPDATE)
       AND hold_id = ${hold.id}`;
}

/**
 * Turns the hold's seats into bookings in one statement: the seats that still carry this
 * unexpired hold lose it and get one booking each. Returns the new bookings; fewer than the
 * hold's seats means some were lost (the caller rolls back).
 */
export async function bookHeldSeats(
  q: Queryable,
  hold: { id: number; userId: number; seatIds: number[]; now: Date; price: number },
): Promise<{ id: number; seat_id: number }[]> {
  return await q.query<{ id: number; seat_id: number }>`
    WITH taken AS (
      UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
       WHERE id IN (SELECT id FROM seats
                     WHERE id = ANY (${hold.seatIds}::bigint[]) AND hold_id = ${hold.id}
                     ORDER BY id
                       FOR UPDATE)
         AND hold_id = ${hold.id} AND held_until > ${hold.now}
      RETURNING id, show_id
    )
    INSERT INTO bookings (user_id, show_id, seat_id, hold_id, price, created_at)
    SELECT ${hold.userId}, show_id, id, ${hold.id}, ${hold.price}, ${hold.now}
      FROM taken
     ORDER BY id
    RETURNING id, seat_id`;
}

export async function markConfirmed(
  q: Queryable,
  holdId: number,
  now: Date,
  idempotencyKey: string,
): Promise<void> {
  await q.query`
    UPDATE holds SET confirmed_at = ${now}, idempotency_key = ${idempotencyKey}
     WHERE id = ${holdId}`;
}

/** The bookings a confirmed hold made. */
export async function bookingIdsOfHold(q: Queryable, holdId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    SELECT id FROM bookings WHERE hold_id = ${holdId} ORDER BY id`;
  return rows.map((r) => r.id);
}
