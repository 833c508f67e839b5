// Every SQL statement of the on-sale: a show's sale settings, its waiting line, admissions.
// Callers pass `db` or, inside a transaction, `tx` (docs/decisions/0031-on-sale-waiting-room.md).
import type { Db, Queryable } from '../db/db.ts';
import type { LineKey } from './places.ts';
import { LINE_EARLY_MINUTES } from './rules.ts';

export interface SaleSettings {
  id: number;
  starts_at: Date;
  sales_open_at: Date | null;
  high_demand: boolean;
  total_seats: number;
  /** The owner of the show's theater. */
  owner_id: number;
}

export async function findSaleSettings(q: Queryable, showId: number): Promise<SaleSettings | null> {
  const [row] = await q.query<SaleSettings>`
    SELECT s.id, s.starts_at, s.sales_open_at, s.high_demand, s.total_seats, t.owner_id
      FROM shows s JOIN theaters t ON t.id = s.theater_id
     WHERE s.id = ${showId}`;
  return row ?? null;
}

/** findSaleSettings inside a transaction, the show's row locked until it ends: two changes of
 * one show's sale take turns, so each reads (and audits) what the other wrote. */
export async function lockSaleSettings(
  tx: Queryable,
  showId: number,
): Promise<SaleSettings | null> {
  await tx.query`SELECT 1 FROM shows WHERE id = ${showId} FOR NO KEY UPDATE`;
  return await findSaleSettings(tx, showId);
}

export async function saveSaleSettings(
  q: Queryable,
  showId: number,
  settings: { salesOpenAt: Date | null; highDemand: boolean },
): Promise<void> {
  await q.query`
    UPDATE shows SET sales_open_at = ${settings.salesOpenAt}, high_demand = ${settings.highDemand}
     WHERE id = ${showId}`;
}

type Joining = { showId: number; userId: number; opensAt: Date | null; now: Date };

/**
 * First joins: each puts its customer in the show's line. Before the opening the key is random
 * within the last LINE_EARLY_MINUTES; after, the arrival. Answers, per join in order, the new row,
 * or null when the customer has a row in this line already (see joinLineAgain), or joined twice
 * in these joins (the first of them is the new row). One statement for many joins
 * (db/batched.ts): at an on-sale, most joins are first joins, a thousand a second.
 */
export async function joinLinesFirst(
  q: Queryable,
  joins: readonly Joining[],
): Promise<(LineRow | null)[]> {
  const items = joins.map((j, i) => ({
    i,
    show_id: j.showId,
    user_id: j.userId,
    opens_at: j.opensAt,
    now: j.now,
  }));
  // Inserted in the joins' order (ORDER BY), so seq, the tie-break, follows their arrival.
  const rows = await q.query<LineRow & { show_id: number; user_id: number }>`
    INSERT INTO sale_line (show_id, user_id, sort_key, joined_at)
    SELECT j.show_id, j.user_id,
           CASE WHEN j.opens_at > j.now
                THEN extract(epoch FROM j.opens_at) - random() * ${LINE_EARLY_MINUTES * 60}
                ELSE extract(epoch FROM j.now) END,
           j.now
      FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
           AS j(i integer, show_id bigint, user_id bigint, opens_at timestamptz, now timestamptz)
     ORDER BY j.i
    ON CONFLICT (show_id, user_id) DO NOTHING
    RETURNING show_id, user_id, joined_at, admitted_at, admitted_until, left_at, sort_key, seq`;
  const written = new Map(
    rows.map(({ show_id, user_id, ...row }) => [`${show_id}:${user_id}`, row]),
  );
  return joins.map((j) => {
    const key = `${j.showId}:${j.userId}`;
    const row = written.get(key) ?? null;
    written.delete(key); // a second join of the same customer here wrote nothing
    return row;
  });
}

/**
 * A join of a customer with a row in the line: keeps the place (the row is not touched), except
 * after an admission that ran out unused, or after leaving, which goes to the back of the line.
 * Returns the row when it was written (a new place), null when the place stands as it was.
 */
export async function joinLineAgain(q: Queryable, line: Joining): Promise<LineRow | null> {
  const { showId, userId, opensAt, now } = line;
  const [row] = await q.query<LineRow>`
    UPDATE sale_line l
       -- Back of the line: after every fan placed at random before the opening too (a key of
       -- its own in that range would be a new draw, not the back).
       SET sort_key = greatest(extract(epoch FROM ${now}::timestamptz),
                               extract(epoch FROM ${opensAt}::timestamptz)),
           joined_at = ${now},
           seq = DEFAULT, admitted_at = NULL, admitted_until = NULL, left_at = NULL
     WHERE l.show_id = ${showId} AND l.user_id = ${userId}
       AND ((l.admitted_until <= ${now} AND NOT EXISTS (
              SELECT 1 FROM bookings b
               WHERE b.show_id = l.show_id AND b.user_id = l.user_id
                 AND b.created_at >= l.admitted_at))
            OR l.left_at IS NOT NULL)
    RETURNING joined_at, admitted_at, admitted_until, left_at, sort_key, seq`;
  return row ?? null;
}

/** Leaves the line; the left row's key (null when not in it, or left already). */
export async function leaveLine(
  q: Queryable,
  showId: number,
  userId: number,
  now: Date,
): Promise<LineKey | null> {
  const [row] = await q.query<LineKey>`
    UPDATE sale_line SET left_at = ${now}
     WHERE show_id = ${showId} AND user_id = ${userId} AND left_at IS NULL
    RETURNING sort_key, seq`;
  return row ?? null;
}

/**
 * Admits the next waiting places of the show, in the line's order, as many as there are free
 * seats (neither booked nor held now) plus `margin`, less the admissions still in force that have
 * neither booked nor held since (those who hold count in the held seats already). One statement,
 * set-based. Only once sales are open, on a high-demand show that has not started. Admissions of
 * one show take turns through a transaction-level advisory lock; a caller that finds it taken
 * skips (the holder is admitting). Returns the admitted places' keys (they leave the waiting
 * part of the line: onsale/places.ts).
 */
export async function admitNext(
  db: Db,
  show: { showId: number; now: Date; admissionMinutes: number; margin: number },
): Promise<LineKey[]> {
  const { showId, now, admissionMinutes, margin } = show;
  const until = new Date(now.getTime() + admissionMinutes * 60_000);
  return await db.transaction(async (tx) => {
    const [lock] = await tx.query<{ got: boolean }>`
      SELECT pg_try_advisory_xact_lock(${ADMIT_LOCK}::integer, (${showId}::bigint % 2147483648)::integer) AS got`;
    if (!lock?.got) return [];
    return await tx.query<LineKey>`
      WITH room AS (
        SELECT s.total_seats
               - (SELECT count(*) FROM bookings b WHERE b.show_id = s.id AND NOT b.is_cancelled)
               - (SELECT count(*) FROM seats se
                   WHERE se.show_id = s.id AND se.hold_id IS NOT NULL AND se.held_until > ${now})
               + ${margin}::integer
               - (SELECT count(*) FROM sale_line l
                   WHERE l.show_id = s.id AND l.admitted_at IS NOT NULL
                     AND l.admitted_until > ${now} AND l.left_at IS NULL
                     AND NOT EXISTS (SELECT 1 FROM bookings b
                                      WHERE b.show_id = l.show_id AND b.user_id = l.user_id
                                        AND b.created_at >= l.admitted_at)
                     AND NOT EXISTS (SELECT 1 FROM holds h
                                      WHERE h.show_id = l.show_id AND h.user_id = l.user_id
                                        AND h.created_at >= l.admitted_at
                                        AND h.released_at IS NULL AND h.confirmed_at IS NULL
                                        AND h.expires_at > ${now})) AS places
          FROM shows s
         WHERE s.id = ${showId} AND s.high_demand AND s.starts_at > ${now}
           AND (s.sales_open_at IS NULL OR s.sales_open_at <= ${now})),
      next AS (
        SELECT l.user_id FROM sale_line l
         WHERE l.show_id = ${showId} AND l.admitted_at IS NULL AND l.left_at IS NULL
         ORDER BY l.sort_key, l.seq
         LIMIT (SELECT greatest(coalesce(max(places), 0), 0) FROM room))
      UPDATE sale_line l SET admitted_at = ${now}, admitted_until = ${until}
        FROM next
       WHERE l.show_id = ${showId} AND l.user_id = next.user_id
      RETURNING l.sort_key, l.seq`;
  });
}

/** The first key of admitNext's advisory lock (the second is the show's id, modulo
 * 2^31 to fit an integer: two shows sharing a key only take turns). 'onsa' in ASCII. */
const ADMIT_LOCK = 0x6f6e7361;

export interface LineRow extends LineKey {
  joined_at: Date;
  admitted_at: Date | null;
  admitted_until: Date | null;
  left_at: Date | null;
}

/** The customer's row in the show's line (a primary-key read), or null if they never joined.
 * Their place is counted from memory (onsale/places.ts), not here. */
export async function findLineRow(
  q: Queryable,
  showId: number,
  userId: number,
): Promise<LineRow | null> {
  const [row] = await q.query<LineRow>`
    SELECT joined_at, admitted_at, admitted_until, left_at, sort_key, seq
      FROM sale_line
     WHERE show_id = ${showId} AND user_id = ${userId}`;
  return row ?? null;
}
