// The sales report's one statement over the shows dated (locally) in a range. It reads each
// show's figures from its row (tickets sold, cancellations, tickets checked in, revenue: kept by
// booking/sql.ts recordSeatChange in every transaction that changes them, migrations 0014 and
// 0031), never its bookings, so a year of a whole chain (~100,000 shows, millions of bookings) is
// one pass over the shows in range (index on starts_at) with one aggregate per theater, movie, day
// and in all (GROUPING SETS), plus a top-N of shows and of movies.
// Attendance: checked_in counts live tickets admitted at the door; no_shows counts live tickets
// NOT admitted of shows that have started (a show still to come has no no-shows yet; one under
// way counts those not in so far, which late arrivals may still lower).
import type { Queryable } from '../../db/db.ts';

export interface Figures {
  tickets_sold: number;
  cancellations: number;
  revenue: number;
  capacity: number;
  /** tickets_sold / capacity, 0 to 1 (0 without capacity). */
  occupancy: number;
  /** Live tickets admitted at the door. */
  checked_in: number;
  /** Live tickets not admitted, of shows that have started by `now`. */
  no_shows: number;
}

export interface Report {
  /** Shows in the range (by_show lists at most `top` of them). */
  show_count: number;
  /** Movies with shows in the range (by_movie lists at most `top` of them). */
  movie_count: number;
  totals: Figures;
  by_theater: ({ theater_id: number; theater_name: string; shows: number } & Figures)[];
  by_movie: ({
    movie_id: number;
    movie_name: string;
    theater_name: string;
    shows: number;
  } & Figures)[];
  by_show: ({
    show_id: number;
    movie_name: string;
    theater_name: string;
    screen_name: string;
    date: string;
    start_time: string;
  } & Figures)[];
  by_day: { date: string; tickets_sold: number; cancellations: number; revenue: number }[];
}

/**
 * The report over the shows whose local date (time zone `tz`) is from `from` to `to` inclusive,
 * of every theater or (`ownerId`) of one owner's. tickets_sold counts live bookings,
 * cancellations cancelled ones, revenue the sum of the live bookings' prices (each its seat's),
 * capacity the seats of those shows. Every theater and day with shows is listed; of the movies and the shows, the `top`
 * best-selling (most tickets sold; ties: by name, by start), in the order the lists always had
 * (movies by name, shows by start), and how many there are in all.
 * One statement; the range becomes an instant range on shows.starts_at (its index).
 */
export async function salesReport(
  q: Queryable,
  filter: {
    from: string;
    to: string;
    tz: string;
    ownerId: number | null;
    now: Date;
    top: number;
  },
): Promise<Report> {
  const { from, to, tz, ownerId, now, top } = filter;
  const [row] = await q.query<Report>`
    WITH sh AS NOT MATERIALIZED (
      -- Read twice (the aggregates, the top shows): inlined, as two scans of the shows in range
      -- are cheaper than writing 100,000 rows of a year aside (past work_mem, to disk).
      SELECT s.id, s.movie_id, s.theater_id, s.screen_id, s.starts_at, s.total_seats,
             s.booked_seats AS sold, s.cancelled_bookings AS cancelled,
             s.checked_in_seats AS checked_in, s.revenue,
             CASE WHEN s.starts_at <= ${now}::timestamptz
                  THEN s.booked_seats - s.checked_in_seats ELSE 0 END AS no_shows
        FROM shows s
       WHERE s.starts_at >= (${from}::date::timestamp AT TIME ZONE ${tz})
         AND s.starts_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})
         AND (${ownerId}::bigint IS NULL
              OR s.theater_id IN (SELECT id FROM theaters WHERE owner_id = ${ownerId}))
    ), grouped AS (
      -- level (GROUPING): 7 all, 3 per theater, 5 per movie, 6 per local day.
      SELECT GROUPING(theater_id, movie_id, day) AS level, theater_id, movie_id, day,
             count(*)::integer AS shows,
             coalesce(sum(sold), 0)::bigint AS tickets_sold,
             coalesce(sum(cancelled), 0)::bigint AS cancellations,
             coalesce(sum(total_seats), 0)::bigint AS capacity,
             coalesce(sum(checked_in), 0)::bigint AS checked_in,
             coalesce(sum(revenue), 0)::bigint AS revenue,
             coalesce(sum(no_shows), 0)::bigint AS no_shows
        FROM (SELECT sh.*, (sh.starts_at AT TIME ZONE ${tz})::date AS day FROM sh) d
       GROUP BY GROUPING SETS ((), (theater_id), (movie_id), (day))
    ), top_movies AS (
      SELECT g.*, m.title AS movie_name, t.name AS theater_name
        FROM grouped g
        JOIN movies m ON m.id = g.movie_id
        JOIN theaters t ON t.id = m.theater_id
       WHERE g.level = 5
       ORDER BY g.tickets_sold DESC, m.title, g.movie_id
       LIMIT ${top}::integer
    ), top_shows AS (
      SELECT * FROM sh ORDER BY sold DESC, starts_at, id LIMIT ${top}::integer
    )
    SELECT
      (SELECT coalesce(max(shows), 0) FROM grouped WHERE level = 7) AS show_count,
      (SELECT count(*)::integer FROM grouped WHERE level = 5) AS movie_count,
      (SELECT json_build_object(
                'tickets_sold', coalesce(max(tickets_sold), 0),
                'cancellations', coalesce(max(cancellations), 0),
                'revenue', coalesce(max(revenue), 0),
                'capacity', coalesce(max(capacity), 0),
                'occupancy', coalesce(max(tickets_sold)::float8 / nullif(max(capacity), 0), 0),
                'checked_in', coalesce(max(checked_in), 0),
                'no_shows', coalesce(max(no_shows), 0))
         FROM grouped WHERE level = 7) AS totals,
      (SELECT coalesce(json_agg(json_build_object(
                'theater_id', g.theater_id, 'theater_name', t.name, 'shows', g.shows,
                'tickets_sold', g.tickets_sold, 'cancellations', g.cancellations,
                'revenue', g.revenue, 'capacity', g.capacity,
                'occupancy', coalesce(g.tickets_sold::float8 / nullif(g.capacity, 0), 0),
                'checked_in', g.checked_in, 'no_shows', g.no_shows)
              ORDER BY t.name, g.theater_id), '[]')
         FROM grouped g JOIN theaters t ON t.id = g.theater_id
        WHERE g.level = 3) AS by_theater,
      (SELECT coalesce(json_agg(json_build_object(
                'movie_id', movie_id, 'movie_name', movie_name, 'theater_name', theater_name,
                'shows', shows, 'tickets_sold', tickets_sold, 'cancellations', cancellations,
                'revenue', revenue, 'capacity', capacity,
                'occupancy', coalesce(tickets_sold::float8 / nullif(capacity, 0), 0),
                'checked_in', checked_in, 'no_shows', no_shows)
              ORDER BY movie_name, theater_name, movie_id), '[]')
         FROM top_movies) AS by_movie,
      (SELECT coalesce(json_agg(json_build_object(
                'show_id', ts.id, 'movie_name', m.title, 'theater_name', t.name,
                'screen_name', sc.name,
                'date', to_char(ts.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD'),
                'start_time', to_char(ts.starts_at AT TIME ZONE ${tz}, 'HH24:MI'),
                'tickets_sold', ts.sold, 'cancellations', ts.cancelled,
                'revenue', ts.revenue, 'capacity', ts.total_seats,
                'occupancy', coalesce(ts.sold::float8 / nullif(ts.total_seats, 0), 0),
                'checked_in', ts.checked_in, 'no_shows', ts.no_shows)
              ORDER BY ts.starts_at, ts.id), '[]')
         FROM top_shows ts
         JOIN movies m ON m.id = ts.movie_id
         JOIN theaters t ON t.id = ts.theater_id
         JOIN screens sc ON sc.id = ts.screen_id) AS by_show,
      (SELECT coalesce(json_agg(json_build_object(
                'date', to_char(day, 'YYYY-MM-DD'), 'tickets_sold', tickets_sold,
                'cancellations', cancellations, 'revenue', revenue)
              ORDER BY day), '[]')
         FROM grouped WHERE level = 6) AS by_day`;
  if (!row) throw new Error('The report statement returned no row');
  return row;
}
