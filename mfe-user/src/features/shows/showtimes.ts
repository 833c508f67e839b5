import type { Show } from '@cinema/api-client';

/** One movie's shows of a day, per theater, as the picker lists them. */
export interface MovieShowtimes {
  movieId: number;
  movieName: string;
  theaters: { theaterId: number; theaterName: string; shows: Show[] }[];
}

/** The days that have shows, in order (the API's list is upcoming only, soonest first). */
export function showDates(shows: readonly Show[]): string[] {
  return [...new Set(shows.map((show) => show.date))].sort();
}

/**
 * A day's shows, per movie and then per theater, each in the order of its first show that day
 * (the API sends the soonest first), the shows by start.
 */
export function showtimesOn(shows: readonly Show[], date: string): MovieShowtimes[] {
  const movies = new Map<number, MovieShowtimes>();
  const day = shows
    .filter((show) => show.date === date)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id - b.id);
  for (const show of day) {
    let movie = movies.get(show.movie);
    if (!movie) {
      movie = { movieId: show.movie, movieName: show.movie_name, theaters: [] };
      movies.set(show.movie, movie);
    }
    let theater = movie.theaters.find((entry) => entry.theaterId === show.theater);
    if (!theater) {
      theater = { theaterId: show.theater, theaterName: show.theater_name, shows: [] };
      movie.theaters.push(theater);
    }
    theater.shows.push(show);
  }
  return [...movies.values()];
}

/** How many showtimes a page of a day lists at most (a movie with more has a page of its own). */
export const SHOWTIMES_PER_PAGE = 12;

/**
 * A day's movies in pages of whole movies, each page at most `budget` showtimes unless one movie
 * alone has more: on a phone a page stays a few screens long, however busy the day.
 */
export function pagesOf(movies: readonly MovieShowtimes[], budget = SHOWTIMES_PER_PAGE) {
  const pages: MovieShowtimes[][] = [];
  let page: MovieShowtimes[] = [];
  let used = 0;
  for (const movie of movies) {
    const count = movie.theaters.reduce((sum, theater) => sum + theater.shows.length, 0);
    if (page.length > 0 && used + count > budget) {
      pages.push(page);
      page = [];
      used = 0;
    }
    page.push(movie);
    used += count;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/** At most this share of a show's seats left (and at least one): 'Nearly full'. */
export const NEARLY_FULL_SHARE = 0.1;

/** 'Sold out', 'Nearly full', or null for a show with seats to spare. */
export function fullness(show: Pick<Show, 'total_seats' | 'available_seats'>): string | null {
  if (show.available_seats <= 0) return 'Sold out';
  if (show.available_seats <= Math.max(1, Math.floor(show.total_seats * NEARLY_FULL_SHARE)))
    return 'Nearly full';
  return null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' of `now` on this device's calendar. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A day as the date strip writes it: `{ day: 'Today', date: '28 Nov' }`, 'Tomorrow', else the
 * weekday ('Mon'). `today` is this device's ('YYYY-MM-DD').
 */
export function dayLabel(date: string, today: string): { day: string; date: string } {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, dayOfMonth));
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const days = Math.round((calendar.getTime() - Date.UTC(ty, tm - 1, td)) / 86_400_000);
  const day =
    days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : (WEEKDAYS[calendar.getUTCDay()] as string);
  return { day, date: `${dayOfMonth} ${MONTHS[month - 1]}` };
}
