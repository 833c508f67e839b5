// The sales report's one statement: shows dated (locally) in a range, their live and cancelled
// bookings, and the figures per theater, movie, show and day, all aggregated in PostgreSQL.
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
    date: string;
    start_time: string;
  } & Figures)[];
  by_day: { date: string; tickets_sold: number; cancellations: number; revenue: number }[];
}

/**
 * The report over the shows whose local date (time zone `tz`) is from `from` to `to` inclusive,
 * of every theater or (`ownerId`) of one owner's. tickets_sold counts live bookings,
 * cancellations cancelled ones, revenue is tickets_sold x `price`, capacity the seats of those
 * shows. One statement; the range becomes an instant range on shows.starts_at (its index).
 */
export async function salesReport(
  q: Queryable,
  filter: {
    from: string;
    to: string;
    tz: string;
    ownerId: number | null;
    price: number;
    now: Date;
  },
): Promise<Report> {
  const { from, to, tz, ownerId, price, now } = filter;
  const [row] = await q.query<Report>`
    WITH sh AS (
      SELECT s.id, s.movie_id, s.theater_id, s.starts_at, s.total_seats,
             to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
             to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time
        FROM shows s
       WHERE s.starts_at >= (${from}::date::timestamp AT TIME ZONE ${tz})
         AND s.starts_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})
         AND (${ownerId}::bigint IS NULL
              OR s.theater_id IN (SELECT id FROM theaters WHERE owner_id = ${ownerId}))
    ), per_show AS (
      SELECT sh.*, coalesce(b.sold, 0) AS sold, coalesce(b.cancelled, 0) AS cancelled,
             coalesce(b.checked_in, 0) AS checked_in,
             CASE WHEN sh.starts_at <= ${now}::timestamptz
                  THEN coalesce(b.sold, 0) - coalesce(b.checked_in, 0) ELSE 0 END AS no_shows
        FROM sh
        LEFT JOIN (SELECT show_id,
                          count(*) FILTER (WHERE NOT is_cancelled) AS sold,
                          count(*) FILTER (WHERE is_cancelled) AS cancelled,
                          count(*) FILTER (WHERE NOT is_cancelled AND checked_in_at IS NOT NULL)
                            AS checked_in
                     FROM bookings
                    WHERE show_id IN (SELECT id FROM sh)
                    GROUP BY show_id) b ON b.show_id = sh.id
    ), by_theater AS (
      SELECT ps.theater_id, t.name AS theater_name, count(*) AS shows,
             sum(ps.sold)::bigint AS tickets_sold, sum(ps.cancelled)::bigint AS cancellations,
             sum(ps.sold)::bigint * ${price}::integer AS revenue,
             sum(ps.total_seats)::bigint AS capacity,
             sum(ps.sold)::float8 / nullif(sum(ps.total_seats), 0) AS occupancy,
             sum(ps.checked_in)::bigint AS checked_in, sum(ps.no_shows)::bigint AS no_shows
        FROM per_show ps JOIN theaters t ON t.id = ps.theater_id
       GROUP BY ps.theater_id, t.name
    ), by_movie AS (
      SELECT ps.movie_id, m.title AS movie_name, t.name AS theater_name, count(*) AS shows,
             sum(ps.sold)::bigint AS tickets_sold, sum(ps.cancelled)::bigint AS cancellations,
             sum(ps.sold)::bigint * ${price}::integer AS revenue,
             sum(ps.total_seats)::bigint AS capacity,
             sum(ps.sold)::float8 / nullif(sum(ps.total_seats), 0) AS occupancy,
             sum(ps.checked_in)::bigint AS checked_in, sum(ps.no_shows)::bigint AS no_shows
        FROM per_show ps
        JOIN movies m ON m.id = ps.movie_id
        JOIN theaters t ON t.id = ps.theater_id
       GROUP BY ps.movie_id, m.title, t.name
    ), by_day AS (
      SELECT ps.day AS date, sum(ps.sold)::bigint AS tickets_sold,
             sum(ps.cancelled)::bigint AS cancellations,
             sum(ps.sold)::bigint * ${price}::integer AS revenue
        FROM per_show ps
       GROUP BY ps.day
    )
    SELECT
      (SELECT json_build_object(
                'tickets_sold', coalesce(sum(sold), 0)::bigint,
                'cancellations', coalesce(sum(cancelled), 0)::bigint,
                'revenue', coalesce(sum(sold), 0)::bigint * ${price}::integer,
                'capacity', coalesce(sum(total_seats), 0)::bigint,
                'occupancy', coalesce(sum(sold)::float8 / nullif(sum(total_seats), 0), 0),
                'checked_in', coalesce(sum(checked_in), 0)::bigint,
                'no_shows', coalesce(sum(no_shows), 0)::bigint)
         FROM per_show) AS totals,
      (SELECT coalesce(json_agg(json_build_object(
                'theater_id', theater_id, 'theater_name', theater_name, 'shows', shows,
                'tickets_sold', tickets_sold, 'cancellations', cancellations,
                'revenue', revenue, 'capacity', capacity, 'occupancy', coalesce(occupancy, 0),
                'checked_in', checked_in, 'no_shows', no_shows)
              ORDER BY theater_name, theater_id), '[]')
         FROM by_theater) AS by_theater,
      (SELECT coalesce(json_agg(json_build_object(
                'movie_id', movie_id, 'movie_name', movie_name, 'theater_name', theater_name,
                'shows', shows, 'tickets_sold', tickets_sold, 'cancellations', cancellations,
                'revenue', revenue, 'capacity', capacity, 'occupancy', coalesce(occupancy, 0),
                'checked_in', checked_in, 'no_shows', no_shows)
              ORDER BY movie_name, theater_name, movie_id), '[]')
         FROM by_movie) AS by_movie,
      (SELECT coalesce(json_agg(json_build_object(
                'show_id', ps.id, 'movie_name', m.title, 'theater_name', t.name,
                'date', ps.day, 'start_time', ps.start_time,
                'tickets_sold', ps.sold, 'cancellations', ps.cancelled,
                'revenue', ps.sold * ${price}::integer, 'capacity', ps.total_seats,
                'occupancy', coalesce(ps.sold::float8 / nullif(ps.total_seats, 0), 0),
                'checked_in', ps.checked_in, 'no_shows', ps.no_shows)
              ORDER BY ps.starts_at, ps.id), '[]')
         FROM per_show ps
         JOIN movies m ON m.id = ps.movie_id
         JOIN theaters t ON t.id = ps.theater_id) AS by_show,
      (SELECT coalesce(json_agg(json_build_object(
                'date', date, 'tickets_sold', tickets_sold, 'cancellations', cancellations,
                'revenue', revenue) ORDER BY date), '[]')
         FROM by_day) AS by_day`;
  if (!row) throw new Error('The report statement returned no row');
  return row;
}
