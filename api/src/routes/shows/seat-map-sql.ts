// The seat map's one statement per request (get-show-seats.ts), apart from the shows' other SQL
// (sql.ts) for its size.
import type { Role } from '../../auth/tokens.ts';
import type { Queryable } from '../../db/db.ts';
import type { SeatRow } from './seat-map-cache.ts';

/** What the seat map's one statement reads for a request (see readSeatMap). */
export interface SeatMapRead {
  /** false: the token's user no longer exists or its session is revoked or gone. */
  known: boolean;
  /** The show's seats_version; null when there is no such show or, for an owner, not theirs. */
  version: number | null;
  /** The caller is an admin or the owner of the show's theater: bookers' names are shown. */
  sees_bookers: boolean;
  /** The caller's role (null when not known), and the owner of the show's theater. */
  role: Role | null;
  owner_id: number | null;
  /**
   * The seats, front row first and left to right (row_pos, x), read in the same statement as
   * `version` (one consistent snapshot), only when `version` is not `cachedVersion`; null
   * otherwise.
   */
  seats: SeatRow[] | null;
}

/**
 * The seat map's ONE statement per request, a few primary-key reads when the caller's snapshot
 * is current: the token's session and user (the route checks the token only; see requireToken),
 * the show's seats_version, whether the caller sees bookers' names; and, only when the version is
 * not `cachedVersion` (null: no usable snapshot), every seat with its live booking (booker and
 * their name as JSON text, by PostgreSQL's to_json) and its hold in force at `now` (holder,
 * held_until), from which routes/shows/seat-map-cache.ts builds the snapshot. An owner sees the
 * seat maps of their own theaters only (version null for another's: a 404).
 */
export async function readSeatMap(
  q: Queryable,
  showId: number,
  viewer: { userId: number; sessionId: string },
  cachedVersion: number | null,
  now: Date,
): Promise<SeatMapRead> {
  const [row] = await q.query<SeatMapRead>`
    WITH viewer AS (SELECT u.id, u.role, u.role = 'admin' AS is_admin,
                           u.role = 'owner' AS is_owner
                      FROM sessions s JOIN users u ON u.id = s.user_id
                     WHERE s.id = ${viewer.sessionId}::uuid AND s.user_id = ${viewer.userId}
                       AND s.revoked_at IS NULL)
    SELECT v.id IS NOT NULL AS known,
           sh.seats_version AS version,
           coalesce(v.is_admin OR sh.owner_id = v.id, false) AS sees_bookers,
           v.role, sh.owner_id,
           CASE WHEN sh.seats_version IS DISTINCT FROM ${cachedVersion}::bigint THEN
             (SELECT json_agg(json_build_array(
                       -- json_head has the spec's fields (migration 0011); the layout's are
                       -- added here (checked at write: category has no quote or backslash).
                       se.json_head || ',"row_pos":' || se.row_pos || ',"x":' || se.x
                         || ',"kind":"' || se.kind || '","category":"' || se.category
                         || '","price":' || se.price || ',"partner_x":'
                         || coalesce(se.partner_x::text, 'null'),
                       b.user_id,
                       CASE WHEN b.id IS NOT NULL THEN to_json(bu.username)::text END,
                       CASE WHEN b.id IS NULL AND se.held_until > ${now} THEN se.held_by END,
                       CASE WHEN b.id IS NULL AND se.held_until > ${now}
                            THEN extract(epoch FROM se.held_until) * 1000 END,
                       (b.checked_in_at IS NOT NULL)::int + (b.duplicate_scans > 0)::int)
                     ORDER BY se.row_pos, se.x)
                FROM seats se
                LEFT JOIN bookings b
                  ON b.seat_id = se.id AND b.show_id = se.show_id AND NOT b.is_cancelled
                LEFT JOIN users bu ON bu.id = b.user_id
               WHERE se.show_id = sh.id)
           END AS seats
      FROM (SELECT 1) one
      LEFT JOIN viewer v ON true
      LEFT JOIN (SELECT s.id, s.seats_version, t.owner_id
                   FROM shows s JOIN theaters t ON t.id = s.theater_id) sh
        ON sh.id = ${showId} AND (NOT v.is_owner OR sh.owner_id = v.id)`;
  return (
    row ?? {
      known: false,
      version: null,
      sees_bookers: false,
      role: null,
      owner_id: null,
      seats: null,
    }
  );
}
