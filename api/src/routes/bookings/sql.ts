// Every SQL statement of the bookings resource: tickets (a booking as the customer sees it),
// booking one seat, cancelling. Booking the seats of a hold is in holds/sql.ts.
import type { Queryable } from '../../db/db.ts';

/** A booking as the API shows it (my-tickets, POST bookings/, cancel, hold confirm). */
export interface Ticket {
  id: number;
  movie_name: string;
  theater_name: string;
  seat: { id: number; row: string; column: number };
  /** '{movie} · {date} · {start_time}', e.g. 'Dune · Fri, 21 Nov 2026 · 18:00'. */
  show: string;
  show_id: number;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  is_cancelled: boolean;
  total_price: number;
  /** Not cancelled, and the show has not started. */
  can_cancel: boolean;
}

/**
 * The customer's tickets, newest show first (then by seat), all of them or only `bookingIds`.
 * One statement; dates and times in time zone `tz`.
 */
export async function listTickets(
  q: Queryable,
  filter: { userId: number; bookingIds: number[] | null; now: Date; tz: string },
): Promise<Ticket[]> {
  const { userId, bookingIds, now, tz } = filter;
  return await q.query<Ticket>`
    SELECT b.id, m.title AS movie_name, t.name AS theater_name,
           json_build_object('id', se.id, 'row', se.row_label, 'column', se.col) AS seat,
           m.title || ' · ' || to_char(s.starts_at AT TIME ZONE ${tz}, 'Dy, DD Mon YYYY')
             || ' · ' || to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS show,
           s.id AS show_id,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at, b.is_cancelled, b.price AS total_price,
           NOT b.is_cancelled AND s.starts_at > ${now} AS can_cancel
      FROM bookings b
      JOIN seats se ON se.id = b.seat_id
      JOIN shows s ON s.id = b.show_id
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
     WHERE b.user_id = ${userId}
       AND (${bookingIds}::bigint[] IS NULL OR b.id = ANY (${bookingIds}::bigint[]))
     ORDER BY s.starts_at DESC, se.row_label, se.col, b.id`;
}

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

// Arbitrary constant naming the per-customer advisory lock (the migration runner uses 827361001,
// the admin seeding 827361002).
const CUSTOMER_LOCK = 827361003;

/**
 * Serialises everything one customer does that holds or books seats (placing, releasing and
 * paying for holds, booking one seat), until the transaction ends. Taken first, before any row
 * lock: the customer's limits are then counted by statements that see the previous writer's
 * commit, so racing requests of one customer cannot pass a limit together.
 */
export async function lockCustomer(q: Queryable, userId: number): Promise<void> {
  await q.query`SELECT pg_advisory_xact_lock(${CUSTOMER_LOCK}, (${userId}::bigint % 2147483647)::integer)`;
}

/**
 * The seats of a show the customer has (live bookings and unexpired holds), and how many they
 * would have with `adding` too (a seat they have already counts once).
 */
export async function countCustomerSeats(
  q: Queryable,
  c: { userId: number; showId: number; now: Date; adding: number[] },
): Promise<{ owned: number; after: number }> {
  const [row] = await q.query<{ owned: number; after: number }>`
    WITH owned AS (
      SELECT seat_id AS id FROM bookings
       WHERE user_id = ${c.userId} AND show_id = ${c.showId} AND NOT is_cancelled
      UNION
      SELECT id FROM seats
       WHERE show_id = ${c.showId} AND hold_id IS NOT NULL
         AND held_by = ${c.userId} AND held_until > ${c.now}
    )
    SELECT (SELECT count(*) FROM owned)::integer AS owned,
           (SELECT count(*) FROM (SELECT id FROM owned
                                  UNION
                                  SELECT unnest(${c.adding}::bigint[])) a)::integer AS after`;
  return row ?? { owned: 0, after: c.adding.length };
}

/** Locks one seat until the transaction ends; the next statement sees every committed booking. */
export async function lockSeat(q: Queryable, seatId: number): Promise<void> {
  await q.query`SELECT id FROM seats WHERE id = ${seatId} FOR UPDATE`;
}

/**
 * Books one seat for the customer if it is free: no live booking, and no unexpired hold of
 * someone else (the customer's own hold on it is used up). Returns the booking id, or null.
 */
export async function bookSeat(
  q: Queryable,
  booking: {
    userId: number;
    seatId: number;
    price: number;
    now: Date;
    idempotencyKey: string | null;
  },
): Promise<number | null> {
  const [row] = await q.query<{ id: number }>`
    WITH taken AS (
      UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
       WHERE id = ${booking.seatId}
         AND (held_until IS NULL OR held_until <= ${booking.now} OR held_by = ${booking.userId})
         AND NOT EXISTS (SELECT 1 FROM bookings b
                          WHERE b.seat_id = seats.id AND NOT b.is_cancelled)
      RETURNING id, show_id
    )
    INSERT INTO bookings (user_id, show_id, seat_id, price, idempotency_key, created_at)
    SELECT ${booking.userId}, show_id, id, ${booking.price}, ${booking.idempotencyKey},
           ${booking.now}
      FROM taken
    RETURNING id`;
  return row?.id ?? null;
}

export interface LockedBooking {
  id: number;
  is_cancelled: boolean;
  show_starts_at: Date;
}

/** The customer's booking, locked until the transaction ends; null if not theirs or unknown. */
export async function lockBooking(
  q: Queryable,
  bookingId: number,
  userId: number,
): Promise<LockedBooking | null> {
  const [row] = await q.query<LockedBooking>`
    SELECT b.id, b.is_cancelled, s.starts_at AS show_starts_at
      FROM bookings b
      JOIN shows s ON s.id = b.show_id
     WHERE b.id = ${bookingId} AND b.user_id = ${userId}
       FOR UPDATE OF b`;
  return row ?? null;
}

export async function cancelBooking(q: Queryable, bookingId: number, now: Date): Promise<void> {
  await q.query`
    UPDATE bookings SET is_cancelled = true, cancelled_at = ${now}
     WHERE id = ${bookingId} AND NOT is_cancelled`;
}

/**
 * Books the seats with these labels ('A1', ...) of a show for one customer, in one statement,
 * skipping any that already have a live booking. For the demo data; returns how many it booked.
 */
export async function bookSeatsByLabel(
  q: Queryable,
  booking: { userId: number; showId: number; labels: string[]; price: number; now: Date },
): Promise<number> {
  const rows = await q.query<{ id: number }>`
    INSERT INTO bookings (user_id, show_id, seat_id, price, created_at)
    SELECT ${booking.userId}, se.show_id, se.id, ${booking.price}, ${booking.now}
      FROM seats se
     WHERE se.show_id = ${booking.showId}
       AND se.row_label || se.col = ANY (${booking.labels}::text[])
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.seat_id = se.id AND NOT b.is_cancelled)
    RETURNING id`;
  return rows.length;
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
 * theater's name. One statement: every row carries total_count; a page past the end is a single
 * row of nulls but for it. `limit` null: every row.
 */
export async function pageBookings(
  q: Queryable,
  filter: {
    ownerId: number | null;
    pattern: string | null;
    tz: string;
    limit: number | null;
    offset: number;
  },
): Promise<(ListedBooking & { total_count: number })[]> {
  const { ownerId, pattern, tz, limit, offset } = filter;
  return await q.query<ListedBooking & { total_count: number }>`
    WITH matching AS (
      SELECT b.id, b.created_at FROM bookings b
       WHERE (${ownerId}::bigint IS NULL
              OR b.show_id IN (SELECT s.id FROM shows s
                                 JOIN theaters t ON t.id = s.theater_id
                                WHERE t.owner_id = ${ownerId}))
         AND (${pattern}::text IS NULL
              OR b.user_id IN (SELECT id FROM users WHERE username ILIKE ${pattern})
              OR b.show_id IN (SELECT s.id FROM shows s
                                WHERE s.movie_id IN (SELECT id FROM movies
                                                      WHERE title ILIKE ${pattern})
                                   OR s.theater_id IN (SELECT id FROM theaters
                                                        WHERE name ILIKE ${pattern})))
    ), page AS (
      SELECT id, created_at FROM matching
       ORDER BY created_at DESC, id DESC
       LIMIT ${limit}::bigint OFFSET ${offset}
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*) AS total_count FROM matching) n
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
     ORDER BY p.created_at DESC, p.id DESC`;
}
