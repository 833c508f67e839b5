// The customer's show list written from memory: a show's movie, theater, screen, times, size and
// prices change only with its details_version (a layout redrawn before sales, a screen renamed:
// migration 0032; no route edits shows, movies or theaters), so each API instance keeps each
// show's JSON up to its counts per version, and a request reads only ids, counts and versions
// from PostgreSQL (sql.ts listUpcomingShowCounts). A show the instance has not seen yet is read once
// (showDetails). The text is byte for byte what c.json() wrote for the same rows.
import type { Db, Queryable } from '../../db/db.ts';
import { type ShowCounts, type ShowDetails, showDetails } from './sql.ts';

/** How many shows' entries one API instance keeps (about 300 bytes each). */
export const SHOW_LIST_CACHE_SHOWS = 5000;

export class ShowListCache {
  readonly #max: number;
  // Per time zone (config.appTimezone), per show and details_version: its JSON up to
  // `"booked_seats":`.
  readonly #heads = new Map<string, string>();

  constructor(max = SHOW_LIST_CACHE_SHOWS) {
    this.#max = max;
  }

  get size(): number {
    return this.#heads.size;
  }

  /**
   * The JSON array of these shows, in this order, each [id, booked_seats, available_seats,
   * details_version]; reads the shows it does not know yet (at that version) in one statement.
   */
  async render(q: Queryable, rows: ShowCounts[], tz: string): Promise<string> {
    const heads = rows.map(([id, , , v]) => this.#heads.get(`${tz}\u0000${id}\u0000${v}`));
    const missing = rows.filter((_, i) => heads[i] === undefined).map(([id]) => id);
    if (missing.length > 0) {
      const read = new Map<number, string>();
      const versions = new Map(rows.map(([id, , , v]) => [id, v]));
      for (const show of await showDetails(q, missing, tz))
        read.set(show.id, this.#store(tz, show, versions.get(show.id) ?? 0));
      rows.forEach(([id], i) => {
        heads[i] ??= read.get(id);
      });
    }
    const parts: string[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const [id, booked, available] = rows[i] as ShowCounts;
      const head = heads[i];
      // Only a show deleted between the two statements could be missing; no route deletes one.
      if (head === undefined) throw new Error(`Show ${id} vanished while listing shows`);
      parts[i] = `${head}${booked},"available_seats":${available}}`;
    }
    return `[${parts.join(',')}]`;
  }

  /**
   * Keeps the show's entry up to its counts (first in, first out: an entry never goes stale, a
   * newer details_version is a new key). The version is the one the counts were read with: the
   * details read after them are that version's or newer, and a newer one comes with a new key.
   */
  #store(tz: string, show: ShowDetails, version: number): string {
    // The same keys in the same order as the Show rows c.json() serialised.
    const fixed = JSON.stringify({
      id: show.id,
      movie: show.movie,
      movie_name: show.movie_name,
      theater: show.theater,
      theater_name: show.theater_name,
      screen: show.screen,
      screen_name: show.screen_name,
      date: show.date,
      start_time: show.start_time,
      end_time: show.end_time,
      starts_at: show.starts_at,
      accessible_release_at: show.accessible_release_at,
      min_price: show.min_price,
      max_price: show.max_price,
      total_seats: show.total_seats,
    });
    const head = `${fixed.slice(0, -1)},"booked_seats":`;
    this.#heads.set(`${tz}\u0000${show.id}\u0000${version}`, head);
    while (this.#heads.size > this.#max) {
      const oldest = this.#heads.keys().next().value;
      if (oldest === undefined) break;
      this.#heads.delete(oldest);
    }
    return head;
  }
}

// One per database handle, i.e. per API instance.
const caches = new WeakMap<Db, ShowListCache>();

export function showListCache(db: Db): ShowListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ShowListCache();
    caches.set(db, cache);
  }
  return cache;
}
