// A show's sale settings as this instance knows them, for the waiting line's joins and polls
// (thousands a second at an on-sale: docs/decisions/0031-on-sale-waiting-room.md, "Places from
// memory"). Read again once SETTINGS_REFRESH_MS old by the injected clock, by one statement that
// concurrent callers share. A change made here (PATCH onsale/{id}/) is forgotten at once; one made
// on another instance shows within SETTINGS_REFRESH_MS. Nothing that admits or sells trusts it:
// admitNext and the holds' admission check read the show themselves.
import type { Queryable } from '../db/db.ts';
import { findSaleSettings, type SaleSettings } from './sql.ts';

export const SETTINGS_REFRESH_MS = 1000;
/** Shows kept per database object; beyond it the oldest are forgotten. */
const SHOWS_KEPT = 1000;

interface Known {
  settings: SaleSettings | null;
  readAt: number;
  reading: Promise<SaleSettings | null> | null;
}

const known = new WeakMap<object, Map<number, Known>>();

function entry(q: object, showId: number): Known {
  let shows = known.get(q);
  if (!shows) {
    shows = new Map();
    known.set(q, shows);
  }
  let show = shows.get(showId);
  if (!show) {
    if (shows.size >= SHOWS_KEPT) {
      const oldest = shows.keys().next();
      if (!oldest.done) shows.delete(oldest.value);
    }
    show = { settings: null, readAt: Number.NaN, reading: null };
    shows.set(showId, show);
  }
  return show;
}

/** The show's sale settings, at most SETTINGS_REFRESH_MS old; null: no such show (not kept, so a
 * show created a moment ago is found, and unknown ids take no room). */
export async function saleSettings(
  q: Queryable,
  showId: number,
  now: Date,
): Promise<SaleSettings | null> {
  const show = entry(q, showId);
  const at = now.getTime();
  // A clock moved back (tests) counts as due.
  if (show.settings && at >= show.readAt && at - show.readAt < SETTINGS_REFRESH_MS) {
    return show.settings;
  }
  if (show.reading) return await show.reading;
  const reading = findSaleSettings(q, showId);
  show.reading = reading;
  try {
    const settings = await reading;
    // Forgotten meanwhile (a change made here): this read may predate it, so keep nothing.
    if (show.reading === reading && settings) {
      show.settings = settings;
      show.readAt = at;
    }
    return settings;
  } finally {
    if (show.reading === reading) show.reading = null;
  }
}

/** After this instance changed the show's settings: the next call reads them again. */
export function forgetSaleSettings(q: Queryable, showId: number): void {
  known.get(q)?.delete(showId);
}
