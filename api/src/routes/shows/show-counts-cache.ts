// The customer's show list's ids and seat counts from memory (docs/decisions/0030-seat-map-from-memory.md,
// the same rule as the seat map's): per filter (movie, theater), the rows listUpcomingShowCounts
// read, kept while this instance hears every seat change (live/hub.ts follow) and none was heard
// since, for at most COUNTS_MAX_AGE_MS (a show added elsewhere, a hold that lapses, a show that
// starts: none of them is a seat change). Any seat change heard forgets every list; a request
// then reads again (one statement, which also checks the session). The answer written from a
// kept list is kept with it, so readers within its second share one text, compressed once.
import type { Db } from '../../db/db.ts';
import type { CompressibleBody } from '../../http/compression.ts';
import type { SeatChangeFollower } from '../../live/hub.ts';

/** How long a list is answered from memory with no seat change heard. */
export const COUNTS_MAX_AGE_MS = 1000;
/** Filters kept (each a movie, a theater, both, or neither); beyond it the oldest go. */
const FILTERS_KEPT = 1000;

export type ShowCountRow = [id: number, booked: number, available: number, detailsVersion: number];

export interface KeptList {
  rows: ShowCountRow[];
  readAt: number;
  epoch: number;
  /** The answer written from these rows, and the time zone it was written in. */
  answer: { body: CompressibleBody; tz: string } | null;
}

export class ShowCountsCache implements SeatChangeFollower {
  readonly #lists = new Map<string, KeptList>();
  // Moves on with every change heard (and every reset): a read begun before one is not kept.
  #changes = 0;

  static key(movieId: number | null, theaterId: number | null): string {
    return `${movieId ?? ''}:${theaterId ?? ''}`;
  }

  heard(): void {
    this.#changes++;
    this.#lists.clear();
  }

  reset(): void {
    this.heard();
  }

  /** Pass to store() what a read begun after this found. */
  mark(): number {
    return this.#changes;
  }

  /** The list if it can be answered without asking the database, at `now` in this `epoch`. */
  current(key: string, now: Date, epoch: number): KeptList | undefined {
    const kept = this.#lists.get(key);
    const at = now.getTime();
    if (!kept || kept.epoch !== epoch || at < kept.readAt) return undefined;
    return at - kept.readAt < COUNTS_MAX_AGE_MS ? kept : undefined;
  }

  /** What a read begun at `mark`, at `now`, while listening in `epoch`, found; kept (and
   * returned) unless a change was heard since it began. */
  store(
    key: string,
    rows: ShowCountRow[],
    now: Date,
    epoch: number,
    mark: number,
  ): KeptList | null {
    if (mark !== this.#changes) return null;
    const kept: KeptList = { rows, readAt: now.getTime(), epoch, answer: null };
    this.#lists.delete(key);
    this.#lists.set(key, kept);
    if (this.#lists.size > FILTERS_KEPT) {
      const oldest = this.#lists.keys().next();
      if (!oldest.done) this.#lists.delete(oldest.value);
    }
    return kept;
  }
}

// One per database handle, i.e. per API instance.
const caches = new WeakMap<Db, ShowCountsCache>();

export function showCountsCache(db: Db): ShowCountsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ShowCountsCache();
    caches.set(db, cache);
  }
  return cache;
}
