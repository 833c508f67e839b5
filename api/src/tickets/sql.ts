// Reads of what a ticket's email and calendar file say: an order (the seats one customer paid for
// together, of one show) with its movie, theater, local times and each ticket's code.
import type { Queryable } from '../db/db.ts';

export interface OrderTicket {
  id: number;
  /** The ticket's code (a UUID), what its QR code carries. */
  code: string;
  /** 'C7'. */
  seat: string;
  /** Whole rupees. */
  price: number;
  is_cancelled: boolean;
}

export interface Order {
  username: string;
  email: string;
  movie_name: string;
  theater_name: string;
  theater_location: string;
  show_id: number;
  /** 'YYYY-MM-DD', local. */
  date: string;
  /** 'Sat, 21 Nov 2026', local, as the apps write dates. */
  date_text: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  /**
   * What names the order for good: 'h<hold id>' for seats paid for through a hold, else
   * 'b<booking id>' (a single-seat POST bookings/). Calendar UIDs are made from it.
   */
  order_key: string;
  /** By seat. */
  tickets: OrderTicket[];
}

/**
 * The order made of exactly these bookings (`bookingIds`, one customer's, of one show), or, with
 * `ticketOf`, the order the customer's booking belongs to: its live bookings of the same hold (or
 * the booking alone). Null when there is none (unknown, or not that customer's). One statement;
 * times in `tz`.
 */
export async function findOrder(
  q: Queryable,
  filter: {
    bookingIds?: number[];
    ticketOf?: { bookingId: number; userId: number };
    tz: string;
  },
): Promise<Order | null> {
  const ids = filter.bookingIds ?? [];
  const one = filter.ticketOf?.bookingId ?? null;
  const owner = filter.ticketOf?.userId ?? null;
  const tz = filter.tz;
  const [row] = await q.query<Order>`
    WITH picked AS (
      SELECT x.id FROM bookings x WHERE x.id = ANY (${ids}::bigint[])
      UNION
      SELECT x.id
        FROM bookings one
        JOIN bookings x ON x.user_id = one.user_id
                       AND (x.id = one.id OR (x.hold_id = one.hold_id AND NOT x.is_cancelled))
       WHERE one.id = ${one}::bigint AND one.user_id = ${owner}::bigint
    )
    SELECT u.username, u.email, m.title AS movie_name, t.name AS theater_name,
           t.location AS theater_location, s.id AS show_id,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'Dy, DD Mon YYYY') AS date_text,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at, s.ends_at,
           CASE WHEN min(b.hold_id) IS NOT NULL THEN 'h' || min(b.hold_id)
                ELSE 'b' || min(b.id) END AS order_key,
           json_agg(json_build_object(
             'id', b.id, 'code', b.code, 'seat', se.row_label || se.col, 'price', b.price,
             'is_cancelled', b.is_cancelled) ORDER BY se.row_label, se.col, b.id) AS tickets
      FROM bookings b
      JOIN picked p ON p.id = b.id
      JOIN seats se ON se.id = b.seat_id
      JOIN shows s ON s.id = b.show_id
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
      JOIN users u ON u.id = b.user_id
     GROUP BY u.id, s.id, m.id, t.id
     ORDER BY s.starts_at
     LIMIT 1`;
  return row ?? null;
}
