// Every SQL statement of the shows resource. Callers pass `db` or, inside a transaction, `tx`.
// Dates and times are shown in the product's time zone (config.appTimezone), computed here.
import type { Queryable } from '../../db/db.ts';

/** A show as the API lists it. date is 'YYYY-MM-DD'; start_time and end_time are 'HH:MM'. */
export interface Show {
  id: number;
  movie: number;
  movie_name: string;
  theater: number;
  theater_name: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  total_seats: number;
  /** Seats with a live (not cancelled) booking. */
  booked_seats: number;
  /** Seats neither booked nor under someone's unexpired hold. */
  available_seats: number;
}

export interface ShowDetail extends Show {
  is_past: boolean;
}

/**
 * Upcoming shows (starting after `now`), soonest first, optionally of one movie and/or theater,
 * each with its seat counts, in one statement. The counts (show_seat_counts) read indexes only:
 * live bookings (bookings_show_live_idx) and seats under a hold (seats_held_idx); the total is
 * stored.
 */
export async function listUpcomingShows(
  q: Queryable,
  filter: { now: Date; tz: string; movieId: number | null; theaterId: number | null },
): Promise<Show[]> {
  const { now, tz, movieId, theaterId } = filter;
  // The columns repeat in findShow and pageShows (Db has no SQL fragments, and each has its own
  // FROM/WHERE); the counts are one function, show_seat_counts (migration 0006).
  return await q.query<Show>`
    SELECT s.id, s.movie_id AS movie, m.title AS movie_name,
           s.theater_id AS theater, t.name AS theater_name,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at,
           s.total_seats, c.booked_seats,
           s.total_seats - c.booked_seats - c.held_seats AS available_seats
      FROM shows s
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
     CROSS JOIN LATERAL show_seat_counts(s.id, ${now}) c
     WHERE s.starts_at > ${now}
       AND (${movieId}::bigint IS NULL OR s.movie_id = ${movieId})
       AND (${theaterId}::bigint IS NULL OR s.theater_id = ${theaterId})
     ORDER BY s.starts_at, s.id`;
}

/**
 * One show, past or upcoming, with the same fields and counts, plus is_past. With `ownerId`,
 * only if the show is in a theater of that owner (null otherwise).
 */
export async function findShow(
  q: Queryable,
  id: number,
  at: { now: Date; tz: string; ownerId?: number | null },
): Promise<ShowDetail | null> {
  const { now, tz } = at;
  const ownerId = at.ownerId ?? null;
  const [row] = await q.query<ShowDetail>`
    SELECT s.id, s.movie_id AS movie, m.title AS movie_name,
           s.theater_id AS theater, t.name AS theater_name,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at,
           s.total_seats, c.booked_seats,
           s.total_seats - c.booked_seats - c.held_seats AS available_seats,
           s.starts_at <= ${now} AS is_past
      FROM shows s
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
     CROSS JOIN LATERAL show_seat_counts(s.id, ${now}) c
     WHERE s.id = ${id}
       AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId})`;
  return row ?? null;
}

/**
 * Creates a show and, in the same statement, its seats from the theater's layout (rows A.., seats
 * 1..), recording their number. The movie must belong to the theater, and the show must not
 * overlap another show in it (the constraints shows_movie_theater_fkey and shows_no_overlap).
 * Throws if the theater does not exist.
 */
export async function insertShow(
  q: Queryable,
  show: { movieId: number; theaterId: number; startsAt: Date; endsAt: Date; now: Date },
): Promise<{ id: number; total_seats: number }> {
  const [row] = await q.query<{ id: number; total_seats: number }>`
    WITH new_show AS (
      INSERT INTO shows (movie_id, theater_id, starts_at, ends_at, total_seats, created_at)
      SELECT ${show.movieId}, t.id, ${show.startsAt}, ${show.endsAt},
             t.seat_rows * t.seats_per_row, ${show.now}
        FROM theaters t
       WHERE t.id = ${show.theaterId}
      RETURNING id, theater_id, total_seats
    ), new_seats AS (
      INSERT INTO seats (show_id, row_label, col)
      SELECT s.id, chr(64 + r), c
        FROM new_show s
        JOIN theaters t ON t.id = s.theater_id
       CROSS JOIN generate_series(1, t.seat_rows) AS r
       CROSS JOIN generate_series(1, t.seats_per_row) AS c
       ORDER BY r, c
    )
    SELECT id, total_seats FROM new_show`;
  if (!row) throw new Error(`No theater ${show.theaterId} to create a show in`);
  return row;
}

/** The instant a wall-clock time on a date has in time zone `tz` ('2026-11-21', '18:30'). */
export async function localTimeToInstant(
  q: Queryable,
  local: { date: string; time: string; tz: string },
): Promise<Date> {
  const [row] = await q.query<{ at: Date }>`
    SELECT (${local.date}::date + ${local.time}::time) AT TIME ZONE ${local.tz} AS at`;
  if (!row) throw new Error('no row');
  return row.at;
}

/** The calendar date ('YYYY-MM-DD') of an instant in time zone `tz`. */
export async function localDate(q: Queryable, at: Date, tz: string): Promise<string> {
  const [row] = await q.query<{ day: string }>`
    SELECT to_char(${at}::timestamptz AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day`;
  if (!row) throw new Error('no row');
  return row.day;
}

/** How many shows of these theaters start after `now`. */
export async function countUpcomingShows(
  q: Queryable,
  theaterIds: number[],
  now: Date,
): Promise<number> {
  const [row] = await q.query<{ n: number }>`
    SELECT count(*) AS n FROM shows
     WHERE theater_id = ANY (${theaterIds}::bigint[]) AND starts_at > ${now}`;
  return row?.n ?? 0;
}

/**
 * One page of shows with their seat counts and is_past, in ONE statement (every row carries
 * total_count; a page past the end is a single row of nulls but for it):
 * - `upcomingOnly`: those starting after `now`, soonest first (the customer's list);
 * - otherwise past and upcoming, newest first, all of them or (`ownerId`) those in that owner's
 *   theaters.
 * Optionally of one movie and/or theater, matching `pattern` (ILIKE) on the movie's title or the
 * theater's name. The counts are computed for the page's rows only.
 */
export async function pageShows(
  q: Queryable,
  filter: {
    now: Date;
    tz: string;
    upcomingOnly: boolean;
    ownerId: number | null;
    movieId: number | null;
    theaterId: number | null;
    pattern: string | null;
    limit: number;
    offset: number;
  },
): Promise<(ShowDetail & { total_count: number })[]> {
  const { now, tz, upcomingOnly, ownerId, movieId, theaterId, pattern, limit, offset } = filter;
  return await q.query<ShowDetail & { total_count: number }>`
    WITH matching AS (
      SELECT s.id, s.starts_at FROM shows s
       WHERE (NOT ${upcomingOnly}::boolean OR s.starts_at > ${now})
         AND (${ownerId}::bigint IS NULL
              OR s.theater_id IN (SELECT id FROM theaters WHERE owner_id = ${ownerId}))
         AND (${movieId}::bigint IS NULL OR s.movie_id = ${movieId})
         AND (${theaterId}::bigint IS NULL OR s.theater_id = ${theaterId})
         AND (${pattern}::text IS NULL
              OR s.movie_id IN (SELECT id FROM movies WHERE title ILIKE ${pattern})
              OR s.theater_id IN (SELECT id FROM theaters WHERE name ILIKE ${pattern}))
    ), page AS (
      SELECT id, starts_at FROM matching
       ORDER BY CASE WHEN ${upcomingOnly}::boolean THEN starts_at END,
                CASE WHEN NOT ${upcomingOnly}::boolean THEN starts_at END DESC,
                CASE WHEN ${upcomingOnly}::boolean THEN id ELSE -id END
       LIMIT ${limit} OFFSET ${offset}
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*) AS total_count FROM matching) n
      LEFT JOIN LATERAL (
        SELECT s.id, s.movie_id AS movie, m.title AS movie_name,
               s.theater_id AS theater, t.name AS theater_name,
               to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
               to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
               to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
               s.starts_at,
               s.total_seats, c.booked_seats,
               s.total_seats - c.booked_seats - c.held_seats AS available_seats,
               s.starts_at <= ${now} AS is_past
          FROM page pg
          JOIN shows s ON s.id = pg.id
          JOIN movies m ON m.id = s.movie_id
          JOIN theaters t ON t.id = s.theater_id
         CROSS JOIN LATERAL show_seat_counts(s.id, ${now}) c) p ON true
     ORDER BY CASE WHEN ${upcomingOnly}::boolean THEN p.starts_at END,
              CASE WHEN NOT ${upcomingOnly}::boolean THEN p.starts_at END DESC,
              CASE WHEN ${upcomingOnly}::boolean THEN p.id ELSE -p.id END`;
}

/** What creating a show checks, read in one statement: the theater and movie as the caller sees them. */
export interface ShowCreationFacts {
  /** The theater exists and is the caller's. */
  own_theater: boolean;
  /** The movie exists and is in one of the caller's theaters. */
  own_movie: boolean;
  /** The movie's theater (when own_movie). */
  movie_theater: number | null;
  /** The movie's running time (when own_movie): a show lasts at least that long. */
  movie_minutes: number | null;
  starts_at: Date;
  ends_at: Date;
}

/**
 * Reads whether `theaterId` and `movieId` are the owner's, and turns the local date and times
 * (time zone `tz`) into instants.
 */
export async function showCreationFacts(
  q: Queryable,
  input: {
    ownerId: number;
    theaterId: number;
    movieId: number;
    date: string;
    startTime: string;
    endTime: string;
    tz: string;
  },
): Promise<ShowCreationFacts> {
  const { ownerId, theaterId, movieId, date, startTime, endTime, tz } = input;
  const [row] = await q.query<ShowCreationFacts>`
    SELECT EXISTS (SELECT 1 FROM theaters WHERE id = ${theaterId} AND owner_id = ${ownerId})
             AS own_theater,
           m.id IS NOT NULL AS own_movie,
           m.theater_id AS movie_theater,
           m.duration_minutes AS movie_minutes,
           (${date}::date + ${startTime}::time) AT TIME ZONE ${tz} AS starts_at,
           (${date}::date + ${endTime}::time) AT TIME ZONE ${tz} AS ends_at
      FROM (SELECT 1) one
      LEFT JOIN (SELECT mv.id, mv.theater_id, mv.duration_minutes FROM movies mv
                   JOIN theaters th ON th.id = mv.theater_id
                  WHERE mv.id = ${movieId} AND th.owner_id = ${ownerId}) m ON true`;
  if (!row) throw new Error('no row');
  return row;
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
