// The seats resource's read of one seat. The seat map is read by the shows resource
// (shows/seat-map-sql.ts readSeatMap); every write to seats is in booking/sql.ts.
import type { Queryable } from '../../db/db.ts';

/**
 * 'booked': someone else's live booking; 'mine': the caller's; 'held': under someone else's
 * unexpired hold; 'my_hold': under the caller's; 'available': free to hold.
 */
export type SeatStatus = 'available' | 'booked' | 'mine' | 'held' | 'my_hold';

export interface SeatView {
  id: number;
  row: string;
  column: number;
  label: string;
  /** Where it stands and what it is (docs/decisions/0045-screens-and-seat-layouts.md). */
  row_pos: number;
  x: number;
  kind: 'seat' | 'wheelchair' | 'companion' | 'blocked';
  category: string;
  price: number;
  partner_x: number | null;
  status: SeatStatus;
  is_booked: boolean;
  /** The booker's username, only for an admin or the owner of the show's theater. */
  booked_by: string | null;
}

/** Who is looking: decides 'mine'/'my_hold' and whether booked_by is filled in. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/** One seat as the seat map shows it, plus whether the viewer holds its live booking. */
export async function findSeat(
  q: Queryable,
  seatId: number,
  viewer: Viewer,
  now: Date,
): Promise<SeatView | null> {
  const [row] = await q.query<SeatView>`
    SELECT se.id, se.row_label AS "row", se.col AS "column", se.row_label || se.col AS label,
           se.row_pos, se.x, se.kind, se.category, se.price, se.partner_x,
           CASE WHEN b.user_id = ${viewer.id} THEN 'mine'
                WHEN b.id IS NOT NULL THEN 'booked'
                WHEN se.held_until > ${now} AND se.held_by = ${viewer.id} THEN 'my_hold'
                WHEN se.held_until > ${now} THEN 'held'
                ELSE 'available' END AS status,
           b.id IS NOT NULL AS is_booked,
           CASE WHEN ${viewer.isAdmin}::boolean OR t.owner_id = ${viewer.id} THEN u.username END
             AS booked_by
      FROM seats se
      JOIN shows sh ON sh.id = se.show_id
      JOIN theaters t ON t.id = sh.theater_id
      LEFT JOIN bookings b ON b.seat_id = se.id AND b.show_id = se.show_id AND NOT b.is_cancelled
      LEFT JOIN users u ON u.id = b.user_id
     WHERE se.id = ${seatId}`;
  return row ?? null;
}
