// The sales report counted from scratch over the bookings, and the answer the API must give for
// it: what get-report-figures*.test.ts hold the report's stored figures to.
import type { Queryable } from '../../db/db.ts';

const TZ = 'Asia/Kolkata';
interface TruthShow {
  show_id: number;
  theater_id: number;
  theater_name: string;
  screen_name: string;
  owner_id: number;
  movie_id: number;
  movie_name: string;
  date: string;
  start_time: string;
  starts_at: Date;
  total_seats: number;
  sold: number;
  cancelled: number;
  checked_in: number;
  /** The live bookings' prices summed (each the price of its seat). */
  revenue: number;
}

/** Every show with its figures counted from scratch over its bookings: the truth. */
export function truthShows(q: Queryable): Promise<TruthShow[]> {
  return q.query<TruthShow>`
    SELECT s.id AS show_id, s.theater_id, t.name AS theater_name, sc.name AS screen_name,
           t.owner_id,
           s.movie_id, m.title AS movie_name,
           to_char(s.starts_at AT TIME ZONE ${TZ}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${TZ}, 'HH24:MI') AS start_time,
           s.starts_at, s.total_seats,
           (SELECT count(*) FROM bookings b
             WHERE b.show_id = s.id AND NOT b.is_cancelled)::integer AS sold,
           (SELECT count(*) FROM bookings b
             WHERE b.show_id = s.id AND b.is_cancelled)::integer AS cancelled,
           (SELECT count(*) FROM bookings b
             WHERE b.show_id = s.id AND NOT b.is_cancelled
               AND b.checked_in_at IS NOT NULL)::integer AS checked_in,
           (SELECT coalesce(sum(b.price), 0) FROM bookings b
             WHERE b.show_id = s.id AND NOT b.is_cancelled)::integer AS revenue
      FROM shows s
      JOIN theaters t ON t.id = s.theater_id
      JOIN screens sc ON sc.id = s.screen_id
      JOIN movies m ON m.id = s.movie_id
     ORDER BY s.starts_at, s.id`;
}

function figures(shows: TruthShow[], now: Date) {
  const sum = (f: (s: TruthShow) => number) => shows.reduce((n, s) => n + f(s), 0);
  const sold = sum((s) => s.sold);
  const capacity = sum((s) => s.total_seats);
  return {
    tickets_sold: sold,
    cancellations: sum((s) => s.cancelled),
    revenue: sum((s) => s.revenue),
    capacity,
    occupancy: capacity === 0 ? 0 : sold / capacity,
    checked_in: sum((s) => s.checked_in),
    no_shows: sum((s) => (s.starts_at <= now ? s.sold - s.checked_in : 0)),
  };
}

export function first<T>(items: readonly T[]): T {
  const item = items[0];
  if (item === undefined) throw new Error('empty');
  return item;
}

function groupBy<K>(shows: TruthShow[], key: (s: TruthShow) => K): Map<K, TruthShow[]> {
  const groups = new Map<K, TruthShow[]>();
  for (const s of shows) groups.set(key(s), [...(groups.get(key(s)) ?? []), s]);
  return groups;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The report the API must answer, built in JS from the truth (every list short of the cap). */
export function expectedReport(
  all: TruthShow[],
  r: { from: string; to: string; ownerId: number | null; now: Date },
) {
  const shows = all.filter(
    (s) => s.date >= r.from && s.date <= r.to && (r.ownerId === null || s.owner_id === r.ownerId),
  );
  const theaters = [...groupBy(shows, (s) => s.theater_id).values()]
    .map((g) => ({
      theater_id: first(g).theater_id,
      theater_name: first(g).theater_name,
      shows: g.length,
      ...figures(g, r.now),
    }))
    .sort((a, b) => byText(a.theater_name, b.theater_name) || a.theater_id - b.theater_id);
  const movies = [...groupBy(shows, (s) => s.movie_id).values()]
    .map((g) => ({
      movie_id: first(g).movie_id,
      movie_name: first(g).movie_name,
      theater_name: first(g).theater_name,
      shows: g.length,
      ...figures(g, r.now),
    }))
    .sort(
      (a, b) =>
        byText(a.movie_name, b.movie_name) ||
        byText(a.theater_name, b.theater_name) ||
        a.movie_id - b.movie_id,
    );
  const days = [...groupBy(shows, (s) => s.date).entries()]
    .map(([date, g]) => {
      const f = figures(g, r.now);
      return {
        date,
        tickets_sold: f.tickets_sold,
        cancellations: f.cancellations,
        revenue: f.revenue,
      };
    })
    .sort((a, b) => byText(a.date, b.date));
  return {
    from: r.from,
    to: r.to,
    show_count: shows.length,
    movie_count: movies.length,
    totals: figures(shows, r.now),
    by_theater: theaters,
    by_movie: movies,
    by_show: shows.map((s) => ({
      show_id: s.show_id,
      movie_name: s.movie_name,
      theater_name: s.theater_name,
      screen_name: s.screen_name,
      date: s.date,
      start_time: s.start_time,
      ...figures([s], r.now),
    })),
    by_day: days,
  };
}
