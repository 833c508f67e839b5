// Every SQL statement of the holds resource on the holds table. Locking seats, putting holds on
// them, freeing and booking them is in booking/sql.ts (with the lock order all paths follow).
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

/** Sets the hold's deadline (insertHold was given a first guess before the run was read). */
export async function setHoldDeadline(
  q: Queryable,
  holdId: number,
  expiresAt: Date,
): Promise<void> {
  await q.query`UPDATE holds SET expires_at = ${expiresAt} WHERE id = ${holdId}`;
}

/** 'A1'-style labels of seats, front row first, left to right. */
export async function seatLabels(q: Queryable, seatIds: number[]): Promise<string[]> {
  const rows = await q.query<{ label: string }>`
    SELECT row_label || col AS label FROM seats
     WHERE id = ANY (${seatIds}::bigint[])
     ORDER BY row_pos, x`;
  return rows.map((r) => r.label);
}

/** fail_unless() reason of ensureSeatsTaken. */
export const SEATS_NOT_TAKEN = 'seats_not_taken';

/**
 * Fails the transaction (fail_unless, migration 0034: SQLSTATE CN001, SEATS_NOT_TAKEN) unless
 * every one of `seatIds` now carries the hold: the condition of a hold whose COMMIT is already
 * sent.
 */
export async function ensureSeatsTaken(q: Queryable, holdId: number, seatIds: number[]) {
  await q.query`
    SELECT fail_unless(count(*) = ${seatIds.length}, ${SEATS_NOT_TAKEN})
      FROM seats WHERE id = ANY (${seatIds}::bigint[]) AND hold_id = ${holdId}`;
}

/**
 * The customer's hold with its seats (front row first, left to right), its total (the sum of its
 * seats' prices) and its status at `now`; null if not theirs or unknown.
 */
export async function findHold(
  q: Queryable,
  holdId: number,
  userId: number,
  now: Date,
): Promise<HoldView | null> {
  const [row] = await q.query<HoldView>`
    SELECT h.id, h.show_id,
           coalesce((SELECT json_agg(json_build_object('id', se.id, 'row', se.row_label,
                                                        'column', se.col,
                                                        'label', se.row_label || se.col)
                                     ORDER BY se.row_pos, se.x)
                       FROM seats se
                      WHERE se.id = ANY (h.seat_ids)), '[]'::json) AS seats,
           h.expires_at,
           (SELECT coalesce(sum(se.price), 0)::integer FROM seats se
             WHERE se.id = ANY (h.seat_ids)) AS total_price,
           CASE WHEN h.confirmed_at IS NOT NULL THEN 'confirmed'
                WHEN h.released_at IS NOT NULL THEN 'released'
                WHEN h.expires_at <= ${now} THEN 'expired'
                ELSE 'active' END AS status
      FROM holds h
     WHERE h.id = ${holdId} AND h.user_id = ${userId}`;
  return row ?? null;
}

/**
 * The customer's holds in force at `now` (not released, paid or expired), on one show or on all,
 * newest first; each as findHold shows it.
 */
export async function listActiveHolds(
  q: Queryable,
  userId: number,
  showId: number | null,
  now: Date,
): Promise<HoldView[]> {
  return await q.query<HoldView>`
    SELECT h.id, h.show_id,
           coalesce((SELECT json_agg(json_build_object('id', se.id, 'row', se.row_label,
                                                        'column', se.col,
                                                        'label', se.row_label || se.col)
                                     ORDER BY se.row_pos, se.x)
                       FROM seats se
                      WHERE se.id = ANY (h.seat_ids)), '[]'::json) AS seats,
           h.expires_at,
           (SELECT coalesce(sum(se.price), 0)::integer FROM seats se
             WHERE se.id = ANY (h.seat_ids)) AS total_price,
           'active' AS status
      FROM holds h
     WHERE h.user_id = ${userId}
       AND (${showId}::bigint IS NULL OR h.show_id = ${showId}::bigint)
       AND h.released_at IS NULL AND h.confirmed_at IS NULL AND h.expires_at > ${now}
     ORDER BY h.id DESC`;
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
