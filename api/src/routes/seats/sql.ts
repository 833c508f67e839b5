// Every SQL statement that reads seats (the seat map, one seat, a seat by its position). Placing
// and clearing holds on seats belongs to the holds resource (holds/sql.ts), booking them to the
// bookings resource (bookings/sql.ts).
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

/**
 * The seat map of a show for the user `viewer.userId`, row then column, as the JSON text of a
 * SeatView[], in ONE statement that also reads the viewer and the token's session (the route
 * checks the token only; see requireToken): `known` is false when that user no longer exists or
 * the session is revoked or gone, `seats` null when the show does not exist (a show always has
 * seats) or, for an owner, is in another owner's theater.
 *
 * It is the hottest read, so PostgreSQL writes the JSON: turning ~100 rows into objects and
 * serialising them again cost the API more than the query did, and building each entry with
 * json_build_object or format() cost PostgreSQL more than everything else together. Each seat's
 * fixed part is stored (seats.json_head); this appends the status, is_booked and booked_by,
 * which are fixed words or go through to_json (the username), so the text is always valid JSON.
 */
export async function showSeatsJson(
  q: Queryable,
  showId: number,
  viewer: { userId: number; sessionId: string },
  now: Date,
): Promise<{ known: boolean; seats: string | null }> {
  const [row] = await q.query<{ known: boolean; seats: string | null }>`
    WITH viewer AS (SELECT u.id, u.role = 'admin' AS is_admin, u.role = 'owner' AS is_owner
                      FROM sessions s JOIN users u ON u.id = s.user_id
                     WHERE s.id = ${viewer.sessionId}::uuid AND s.user_id = ${viewer.userId}
                       AND s.revoked_at IS NULL)
    SELECT EXISTS (SELECT 1 FROM viewer) AS known,
           (SELECT '[' || string_agg(
                     se.json_head
                       || CASE WHEN b.user_id = v.id THEN ',"status":"mine","is_booked":true'
                               WHEN b.id IS NOT NULL THEN ',"status":"booked","is_booked":true'
                               WHEN se.held_until > ${now} AND se.held_by = v.id
                                 THEN ',"status":"my_hold","is_booked":false'
                               WHEN se.held_until > ${now}
                                 THEN ',"status":"held","is_booked":false'
                               ELSE ',"status":"available","is_booked":false' END
                       || ',"booked_by":'
                       || coalesce(CASE WHEN b.id IS NOT NULL AND (v.is_admin OR t.owner_id = v.id)
                                        THEN (SELECT to_json(u.username)::text FROM users u
                                               WHERE u.id = b.user_id) END, 'null')
                       || '}',
                     ',' ORDER BY se.row_label, se.col) || ']'
              FROM viewer v
              JOIN shows sh ON sh.id = ${showId}
              JOIN theaters t ON t.id = sh.theater_id
              JOIN seats se ON se.show_id = sh.id
              LEFT JOIN bookings b
                ON b.seat_id = se.id AND b.show_id = sh.id AND NOT b.is_cancelled
             -- An owner sees the seat maps of their own theaters only (else: no show, a 404).
             WHERE NOT v.is_owner OR t.owner_id = v.id) AS seats`;
  return row ?? { known: false, seats: null };
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

/** The seat of a show at a row letter and column, or null. */
export async function findSeatAt(
  q: Queryable,
  showId: number,
  row: string,
  column: number,
): Promise<{ id: number } | null> {
  const [found] = await q.query<{ id: number }>`
    SELECT id FROM seats WHERE show_id = ${showId} AND row_label = ${row} AND col = ${column}`;
  return found ?? null;
}
