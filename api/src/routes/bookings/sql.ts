// The bookings resource's own reads: a booking by its Idempotency-Key, a seat by its position, the
// owner's and admin's booking lists. Every write to bookings and seats is in booking/sql.ts.
import type { Db, Queryable } from '../../db/db.ts';
import { withCustomPlans } from '../../http/pagination.ts';

export type SeatKind = 'seat' | 'wheelchair' | 'companion' | 'blocked';

/** The customer's booking made with this Idempotency-Key, if any. */
export async function findBookingByKey(
  q: Queryable,
  userId: number,
  key: string,
): Promise<{ id: number; show_id: number; seat_id: number } | null> {
  const [row] = await q.query<{ id: number; show_id: number; seat_id: number }>`
    SELECT id, show_id, seat_id FROM bookings
     WHERE user_id = ${userId} AND idempotency_key = ${key}`;
  return row ?? null;
}

/** The customer's live booking of this seat made since `since` (a retry's first), if any. */
export async function findRecentOwnBooking(
  q: Queryable,
  filter: { userId: number; seatId: number; since: Date },
): Promise<{ id: number } | null> {
  const [row] = await q.query<{ id: number }>`
    SELECT id FROM bookings
     WHERE seat_id = ${filter.seatId} AND NOT is_cancelled
       AND user_id = ${filter.userId} AND created_at > ${filter.since}`;
  return row ?? null;
}

/** A booking in the owner's and admin's lists. */
export interface ListedBooking {
  id: number;
  user_name: string;
  movie_name: string;
  theater_name: string;
  seat: { id: number; row: string; column: number };
  /** '{movie} · {date} · {start_time}', as on a ticket. */
  show: string;
  show_id: number;
  /** The show's local date 'YYYY-MM-DD' and start 'HH:MM'. */
  date: string;
  time: string;
  total_price: number;
  is_cancelled: boolean;
  created_at: Date;
}

/**
 * Bookings newest first, cancelled ones too: all of them or (`ownerId`) those on that owner's
 * theaters, matching `pattern` (ILIKE) on the booker's username, the movie's title or the
 * theater's name (bookings.search_text, migration 0013). One statement: every row carries
 * total_count, counted up to `countCap` (null: all); a page past the end is a single row of nulls
 * but for it. `limit` null: every row. Planned for its values (withCustomPlans).
 *
 * `matching` is read twice, for the count and for the page, and is NOT MATERIALIZED: each read
 * is planned on its own, the count stops at countCap rows and the page walks
 * bookings_created_idx newest first (a materialised CTE wrote out every match, a million rows,
 * before either could start).
 */
export async function pageBookings(
  db: Db,
  filter: {
    ownerId: number | null;
    pattern: string | null;
    tz: string;
    limit: number | null;
    offset: number;
    countCap: number | null;
  },
): Promise<(ListedBooking & { total_count: number })[]> {
  const { ownerId, pattern, tz, limit, offset, countCap } = filter;
  return await withCustomPlans(
    db,
    (q) => q.query<ListedBooking & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
      SELECT b.id, b.created_at FROM bookings b
       WHERE (${ownerId}::bigint IS NULL
              OR b.show_id IN (SELECT s.id FROM shows s
                                 JOIN theaters t ON t.id = s.theater_id
                                WHERE t.owner_id = ${ownerId}))
         AND (${pattern}::text IS NULL OR b.search_text ILIKE ${pattern})
    ), page AS (
      SELECT id, created_at FROM matching
       ORDER BY created_at DESC, id DESC
       LIMIT ${limit}::bigint OFFSET ${offset}
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${countCap}::bigint) c) n
      LEFT JOIN LATERAL (
        SELECT b.id, u.username AS user_name, m.title AS movie_name, t.name AS theater_name,
               json_build_object('id', se.id, 'row', se.row_label, 'column', se.col) AS seat,
               m.title || ' · ' || to_char(s.starts_at AT TIME ZONE ${tz}, 'Dy, DD Mon YYYY')
                 || ' · ' || to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS show,
               s.id AS show_id,
               to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
               to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS time,
               b.price AS total_price, b.is_cancelled, b.created_at
          FROM page pg
          JOIN bookings b ON b.id = pg.id
          JOIN users u ON u.id = b.user_id
          JOIN seats se ON se.id = b.seat_id
          JOIN shows s ON s.id = b.show_id
          JOIN movies m ON m.id = s.movie_id
          JOIN theaters t ON t.id = s.theater_id) p ON true
     ORDER BY p.created_at DESC, p.id DESC`,
  );
}

/** The seat of a show at a row letter and column, with its label and kind, or null. */
export async function findSeatAt(
  q: Queryable,
  showId: number,
  row: string,
  column: number,
): Promise<{ id: number; label: string; kind: SeatKind } | null> {
  const [found] = await q.query<{ id: number; label: string; kind: SeatKind }>`
    SELECT id, row_label || col AS label, kind FROM seats
     WHERE show_id = ${showId} AND row_label = ${row} AND col = ${column}`;
  return found ?? null;
}
