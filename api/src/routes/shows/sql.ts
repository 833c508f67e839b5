// Every SQL statement of the shows resource. Callers pass `db` or, inside a transaction, `tx`.
// Dates and times are shown in the product's time zone (config.appTimezone), computed here.
import type { Role } from '../../auth/tokens.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { withCustomPlans } from '../../http/pagination.ts';
import { type PosterImage, posterOf } from '../../posters/urls.ts';
import { type Layout, planSeats } from '../../screens/layout.ts';

/** A show as the API lists it. date is 'YYYY-MM-DD'; start_time and end_time are 'HH:MM'. */
export interface Show {
  id: number;
  movie: number;
  movie_name: string;
  theater: number;
  theater_name: string;
  /** The screen it plays on (docs/decisions/0045-screens-and-seat-layouts.md). */
  screen: number;
  screen_name: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  /** From then on its wheelchair spaces and companion seats are on general sale. */
  accessible_release_at: Date;
  /** The lowest and highest price of its sellable seats, whole rupees. */
  min_price: number;
  max_price: number;
  /** Its seats but the blocked ones. */
  total_seats: number;
  /** Seats with a live (not cancelled) booking. */
  booked_seats: number;
  /** Seats neither booked nor under someone's unexpired hold. */
  available_seats: number;
}

export interface ShowDetail extends Show {
  is_past: boolean;
  movie_poster: PosterImage | null;
}

/**
 * The parts of a show that change only with its details_version (migration 0032: its seats
 * redrawn before sales, its screen renamed; no route edits shows, movies or theaters).
 */
export type ShowDetails = Omit<Show, 'booked_seats' | 'available_seats'>;

/** A show in the customer's list as read: [id, booked_seats, available_seats, details_version]. */
export type ShowCounts = [number, number, number, number];

/**
 * How many upcoming shows the customer's list (GET shows/ without `page`) answers at most: the
 * soonest. A chain's upcoming shows are thousands (17,672 in the scale bench: 4.3 MB); a movie's
 * or a theater's (`movie`, `theater`) are a few dozen. The paged form reaches every one.
 */
export const UPCOMING_SHOWS_LIMIT = 200;

/**
 * The soonest UPCOMING_SHOWS_LIMIT upcoming shows (starting after `now`), soonest first,
 * optionally of one movie and/or theater:
 * [id, booked_seats, available_seats, details_version] of each, in ONE statement that also reads the token's user
 * and session (`known` false: the user is gone or the session ended; `role` for the session
 * memory). The rest of each show never changes: showDetails (show-list-cache.ts keeps it).
 *
 * The counts are the show's stored booked_seats and held_seats, which every write to its seats
 * recounts (booking/sql.ts recordSeatChange): no per-request count of every show's seats. A hold
 * that lapsed since the last write is still in held_seats, so a show with held_seats > 0 counts
 * its holds in force now, from seats_held_idx (those seats only): the counts are exact.
 * The order is shows_starts_idx's (or shows_movie_starts_idx's, shows_theater_starts_idx's).
 */
export async function listUpcomingShowCounts(
  q: Queryable,
  filter: {
    viewer: { userId: number; sessionId: string };
    now: Date;
    movieId: number | null;
    theaterId: number | null;
  },
): Promise<{ known: boolean; role: Role | null; shows: ShowCounts[] }> {
  const { viewer, now, movieId, theaterId } = filter;
  const [row] = await q.query<{
    known: boolean;
    role: Role | null;
    shows: ShowCounts[] | null;
  }>`
    WITH viewer AS (SELECT u.role FROM sessions s JOIN users u ON u.id = s.user_id
                     WHERE s.id = ${viewer.sessionId}::uuid AND s.user_id = ${viewer.userId}
                       AND s.revoked_at IS NULL)
    SELECT EXISTS (SELECT 1 FROM viewer) AS known, (SELECT role FROM viewer) AS role,
           (SELECT json_agg(json_build_array(
                     s.id, s.booked_seats,
                     s.total_seats - s.booked_seats - CASE WHEN s.held_seats = 0 THEN 0 ELSE (
                       SELECT count(*)::integer FROM seats se
                        WHERE se.show_id = s.id AND se.hold_id IS NOT NULL
                          AND se.held_until > ${now}) END,
                     s.details_version)
                     ORDER BY s.starts_at, s.id)
              FROM (SELECT s.id, s.starts_at, s.total_seats, s.booked_seats, s.held_seats,
                           s.details_version
                      FROM shows s
                     WHERE s.starts_at > ${now}
                       AND (${movieId}::bigint IS NULL OR s.movie_id = ${movieId})
                       AND (${theaterId}::bigint IS NULL OR s.theater_id = ${theaterId})
                       AND EXISTS (SELECT 1 FROM viewer)
                     ORDER BY s.starts_at, s.id
                     LIMIT ${UPCOMING_SHOWS_LIMIT}) s) AS shows`;
  return { known: row?.known ?? false, role: row?.role ?? null, shows: row?.shows ?? [] };
}

/** The unchanging parts of these shows, dates and times in time zone `tz`, in any order. */
export async function showDetails(q: Queryable, ids: number[], tz: string): Promise<ShowDetails[]> {
  return await q.query<ShowDetails>`
    SELECT s.id, s.movie_id AS movie, m.title AS movie_name,
           s.theater_id AS theater, t.name AS theater_name,
           s.screen_id AS screen, sc.name AS screen_name,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at, s.accessible_release_at, s.min_price, s.max_price, s.total_seats
      FROM shows s
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
      JOIN screens sc ON sc.id = s.screen_id
     WHERE s.id = ANY (${ids}::bigint[])`;
}

/**
 * One show, past or upcoming, with the same fields and counts (stored, as listUpcomingShowCounts
 * reads them), plus is_past. With `ownerId`, only if the show is in a theater of that owner (null
 * otherwise).
 */
export async function findShow(
  q: Queryable,
  id: number,
  at: { now: Date; tz: string; ownerId?: number | null },
): Promise<ShowDetail | null> {
  const { now, tz } = at;
  const ownerId = at.ownerId ?? null;
  const [row] = await q.query<Omit<ShowDetail, 'movie_poster'> & { poster_version: string | null }>`
    SELECT s.id, s.movie_id AS movie, m.title AS movie_name, m.poster_version,
           s.theater_id AS theater, t.name AS theater_name,
           s.screen_id AS screen, sc.name AS screen_name,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at, s.accessible_release_at, s.min_price, s.max_price,
           s.total_seats, s.booked_seats,
           s.total_seats - s.booked_seats - CASE WHEN s.held_seats = 0 THEN 0 ELSE (
             SELECT count(*)::integer FROM seats se
              WHERE se.show_id = s.id AND se.hold_id IS NOT NULL AND se.held_until > ${now}) END
             AS available_seats,
           s.starts_at <= ${now} AS is_past
      FROM shows s
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
      JOIN screens sc ON sc.id = s.screen_id
     WHERE s.id = ${id}
       AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId})`;
  if (!row) return null;
  const { poster_version, ...show } = row;
  return { ...show, movie_poster: posterOf(show.movie, poster_version) };
}

/**
 * Creates a show on a screen of its theater (`screenId`, else the theater's first) and, in the
 * same statement, its seats drawn from the screen's layout (screens/layout.ts planSeats),
 * recording their number and prices. Null when the theater has no such screen. The movie must
 * belong to the theater, and the show must not overlap another on the screen (the constraints
 * shows_movie_theater_fkey and shows_no_overlap_on_screen). The screen's row is read FOR SHARE:
 * inside the caller's transaction a layout change (routes/screens, which locks it FOR UPDATE)
 * waits, then sees this show among those it may redraw.
 */
export async function insertShow(
  q: Queryable,
  show: {
    movieId: number;
    theaterId: number;
    screenId?: number | null;
    startsAt: Date;
    endsAt: Date;
    now: Date;
  },
): Promise<{ id: number; total_seats: number; screen: number } | null> {
  const screenId = show.screenId ?? null;
  const [screen] = await q.query<{ id: number; layout: Layout; release_minutes: number }>`
    SELECT id, layout, accessible_release_minutes AS release_minutes
      FROM screens
     WHERE theater_id = ${show.theaterId}
       AND (${screenId}::bigint IS NULL OR id = ${screenId})
     ORDER BY id
     LIMIT 1
       FOR SHARE`;
  if (!screen) return null;
  const plan = planSeats(screen.layout);
  const releaseAt = new Date(show.startsAt.getTime() - screen.release_minutes * 60_000);
  const [row] = await q.query<{ id: number; total_seats: number; screen: number }>`
    WITH new_show AS (
      INSERT INTO shows (movie_id, theater_id, screen_id, starts_at, ends_at,
                         accessible_release_at, total_seats, min_price, max_price, created_at)
      VALUES (${show.movieId}, ${show.theaterId}, ${screen.id}, ${show.startsAt}, ${show.endsAt},
              ${releaseAt}, ${plan.total}, ${plan.minPrice}, ${plan.maxPrice}, ${show.now})
      RETURNING id, total_seats, screen_id AS screen
    ), new_seats AS (
      INSERT INTO seats (show_id, row_label, col, row_pos, x, kind, category, price, partner_x)
      SELECT s.id, p.row_label, p.col, p.row_pos, p.x, p.kind, p.category, p.price, p.partner_x
        FROM new_show s
       CROSS JOIN jsonb_to_recordset(${plan.seats}::jsonb)
             AS p(row_label text, col smallint, row_pos smallint, x smallint, kind text,
                  category text, price integer, partner_x smallint)
       ORDER BY p.row_pos, p.x
    )
    SELECT id, total_seats, screen FROM new_show`;
  if (!row) throw new Error(`No show inserted in theater ${show.theaterId}`);
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
 * theater's name. The counts are the stored ones, as in listUpcomingShowCounts (for the page's
 * rows only). total_count is counted up to `countCap`. Planned for its values (withCustomPlans):
 * the sort keys that do not apply fold away, so the page walks shows_starts_idx (starts_at, id)
 * forwards or backwards; `matching` is read twice, each read planned on its own.
 */
export async function pageShows(
  db: Db,
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
    countCap: number;
  },
): Promise<(ShowDetail & { total_count: number })[]> {
  const { now, tz, upcomingOnly, ownerId, movieId, theaterId, pattern, limit, offset, countCap } =
    filter;
  return await withCustomPlans(
    db,
    (q) => q.query<ShowDetail & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
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
                CASE WHEN ${upcomingOnly}::boolean THEN id END,
                CASE WHEN NOT ${upcomingOnly}::boolean THEN starts_at END DESC,
                CASE WHEN NOT ${upcomingOnly}::boolean THEN id END DESC
       LIMIT ${limit} OFFSET ${offset}
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${countCap}) c) n
      LEFT JOIN LATERAL (
        SELECT s.id, s.movie_id AS movie, m.title AS movie_name,
               s.theater_id AS theater, t.name AS theater_name,
               s.screen_id AS screen, sc.name AS screen_name,
               to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
               to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
               to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
               s.starts_at, s.accessible_release_at, s.min_price, s.max_price,
               s.total_seats, s.booked_seats,
               s.total_seats - s.booked_seats - CASE WHEN s.held_seats = 0 THEN 0 ELSE (
                 SELECT count(*)::integer FROM seats se
                  WHERE se.show_id = s.id AND se.hold_id IS NOT NULL AND se.held_until > ${now})
                 END AS available_seats,
               s.starts_at <= ${now} AS is_past
          FROM page pg
          JOIN shows s ON s.id = pg.id
          JOIN movies m ON m.id = s.movie_id
          JOIN theaters t ON t.id = s.theater_id
          JOIN screens sc ON sc.id = s.screen_id) p ON true
     ORDER BY CASE WHEN ${upcomingOnly}::boolean THEN p.starts_at END,
              CASE WHEN ${upcomingOnly}::boolean THEN p.id END,
              CASE WHEN NOT ${upcomingOnly}::boolean THEN p.starts_at END DESC,
              CASE WHEN NOT ${upcomingOnly}::boolean THEN p.id END DESC`,
  );
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
