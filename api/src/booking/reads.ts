// Reads that several resources share: a customer's tickets (my-tickets, POST bookings/, cancel,
// hold confirm), the facts of a show the booking paths check before touching its seats, and the
// states of the seats the seat-choice rules look at.
import type { Queryable } from '../db/db.ts';

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
  ends_at: Date;
  /**
   * The order it was bought in: the hold it was paid through, shared by the seats paid together;
   * null for a single seat booked without a hold (an order of its own).
   */
  order_id: number | null;
  is_cancelled: boolean;
  total_price: number;
  /** Not cancelled, not checked in, and the show has not started. */
  can_cancel: boolean;
  /** What the ticket's QR code carries, shown at the door (a UUID naming this booking only). */
  code: string;
  /** When it was admitted at the door, or null. */
  checked_in_at: Date | null;
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
           s.starts_at, s.ends_at, b.hold_id AS order_id, b.is_cancelled, b.price AS total_price,
           NOT b.is_cancelled AND b.checked_in_at IS NULL AND s.starts_at > ${now} AS can_cancel,
           b.code, b.checked_in_at
      FROM bookings b
      JOIN seats se ON se.id = b.seat_id
      JOIN shows s ON s.id = b.show_id
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
     WHERE b.user_id = ${userId}
       AND (${bookingIds}::bigint[] IS NULL OR b.id = ANY (${bookingIds}::bigint[]))
     ORDER BY s.starts_at DESC, se.row_pos, se.x, b.id`;
}

/** What the booking operations need to know about a show before touching its seats. */
export interface ShowFacts {
  id: number;
  movie_id: number;
  theater_id: number;
  starts_at: Date;
  /** Until then its wheelchair spaces and companion seats are kept back (decision 0045). */
  accessible_release_at: Date;
  /** The on-sale's gate (onsale/gate.ts): when sales open, and whether a waiting room is in front. */
  sales_open_at: Date | null;
  high_demand: boolean;
}

export async function findShowFacts(q: Queryable, id: number): Promise<ShowFacts | null> {
  const [row] = await q.query<ShowFacts>`
    SELECT id, movie_id, theater_id, starts_at, accessible_release_at, sales_open_at, high_demand
      FROM shows WHERE id = ${id}`;
  return row ?? null;
}

/** A seat as the seat-choice rules see it (packages/contract/src/seating.js, the seat map's). */
export interface SeatState {
  id: number;
  row: string;
  row_pos: number;
  x: number;
  label: string;
  kind: 'seat' | 'wheelchair' | 'companion' | 'blocked';
  category: string;
  price: number;
  partner_x: number | null;
  status: 'available' | 'booked' | 'mine' | 'held' | 'my_hold';
}

/**
 * The labels of those of `seatIds` (of the show) that anyone has booked or someone else holds now (front row
 * first, left to right), as last committed: no lock, so it can only refuse. A seat it finds taken
 * was taken at that instant, an answer as true as one given a moment earlier; a seat it finds
 * free is checked again under the seats' lock.
 */
export async function takenSeatLabels(
  q: Queryable,
  c: { showId: number; userId: number; seatIds: number[]; now: Date },
): Promise<string[]> {
  const rows = await q.query<{ label: string }>`
    SELECT se.row_label || se.col AS label
      FROM seats se
     WHERE se.id = ANY (${c.seatIds}::bigint[]) AND se.show_id = ${c.showId}
       AND (EXISTS (SELECT 1 FROM bookings b WHERE b.seat_id = se.id AND NOT b.is_cancelled)
            OR (se.hold_id IS NOT NULL AND se.held_until > ${c.now} AND se.held_by <> ${c.userId}))
     ORDER BY se.row_pos, se.x`;
  return rows.map((r) => r.label);
}

/**
 * Every seat of the show's rows that `seatIds` are in, front row first, left to right, with its
 * status at `now` for the customer: booked ('mine' if theirs), held by someone else, held by
 * them ('my_hold'), or available (a lapsed hold is available). Read after lockSeatsForHold has
 * locked these rows, so it sees every booking and hold committed before.
 */
export async function rowSeatStates(
  q: Queryable,
  c: { showId: number; userId: number; seatIds: number[]; now: Date },
): Promise<SeatState[]> {
  return await q.query<SeatState>`
    SELECT se.id, se.row_label AS row, se.row_pos, se.x, se.row_label || se.col AS label,
           se.kind, se.category, se.price, se.partner_x,
           CASE WHEN b.user_id = ${c.userId} THEN 'mine'
                WHEN b.id IS NOT NULL THEN 'booked'
                WHEN se.hold_id IS NOT NULL AND se.held_until > ${c.now}
                  THEN CASE WHEN se.held_by = ${c.userId} THEN 'my_hold' ELSE 'held' END
                ELSE 'available' END AS status
      FROM seats se
      LEFT JOIN bookings b ON b.seat_id = se.id AND NOT b.is_cancelled
     WHERE se.show_id = ${c.showId}
       AND se.row_pos IN (SELECT r.row_pos FROM seats r
                           WHERE r.show_id = ${c.showId} AND r.id = ANY (${c.seatIds}::bigint[]))
     ORDER BY se.row_pos, se.x`;
}
