// Places in a high-demand show's line from memory (docs/decisions/0031-on-sale-waiting-room.md,
// "Places from memory"): each API instance keeps, per show, the sorted keys (sort_key, seq) of
// the line's waiting rows, read with one statement at most once per REFRESH_MS by the injected
// clock. Concurrent readers share that one read (single flight) and answer a place by binary
// search, so a poll costs a primary-key read, not a count over everyone ahead. This instance's
// own joins, leaves and admissions are applied to the keys at once (and replayed onto a read that
// was under way), so one instance is exact; another instance's changes show within REFRESH_MS.
import type { Queryable } from '../db/db.ts';
import { PACE_MINUTES } from './rules.ts';

/** A waiting row's position: the line's order is (sort_key, seq). */
export interface LineKey {
  sort_key: number;
  seq: number;
}

export interface LineSnapshot {
  /** The waiting rows' keys, in the line's order. */
  keys: LineKey[];
  /** Admissions of the show in the last PACE_MINUTES: the line's pace. */
  recentAdmissions: number;
  /** Every seat of the show is booked: no seat free, no hold pending. */
  soldOut: boolean;
}

/** A snapshot is read again once it is this old (by the injected clock). */
export const REFRESH_MS = 1000;
/** Shows kept per database object; beyond it the oldest are forgotten (read again if asked). */
const SHOWS_KEPT = 1000;

type Change = { op: 'add' | 'remove'; key: LineKey };

interface ShowLine {
  snapshot: LineSnapshot | null;
  /** When the snapshot's read started (ms by the injected clock). */
  readAt: number;
  reading: Promise<LineSnapshot> | null;
  /** This instance's changes since the read under way started, replayed onto its result. */
  changes: Change[];
}

const lines = new WeakMap<object, Map<number, ShowLine>>();

function showLine(db: object, showId: number): ShowLine {
  let shows = lines.get(db);
  if (!shows) {
    shows = new Map();
    lines.set(db, shows);
  }
  let line = shows.get(showId);
  if (!line) {
    if (shows.size >= SHOWS_KEPT) {
      const oldest = shows.keys().next();
      if (!oldest.done) shows.delete(oldest.value);
    }
    line = { snapshot: null, readAt: 0, reading: null, changes: [] };
    shows.set(showId, line);
  }
  return line;
}

export function compareKeys(a: LineKey, b: LineKey): number {
  return a.sort_key - b.sort_key || a.seq - b.seq;
}

/** How many keys sort before `key` (its index when present). */
export function countBefore(keys: LineKey[], key: LineKey): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareKeys(keys[mid] as LineKey, key) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function apply(keys: LineKey[], { op, key }: Change): void {
  const at = countBefore(keys, key);
  const found = at < keys.length && compareKeys(keys[at] as LineKey, key) === 0;
  if (op === 'add' && !found) keys.splice(at, 0, { sort_key: key.sort_key, seq: key.seq });
  if (op === 'remove' && found) keys.splice(at, 1);
}

/** Notes this instance's own change to the show's line (a join, a leave, an admission). */
export function noteLineChange(db: object, showId: number, op: Change['op'], keys: LineKey[]) {
  const line = lines.get(db)?.get(showId);
  if (!line) return;
  for (const key of keys) {
    if (line.snapshot) apply(line.snapshot.keys, { op, key });
    if (line.reading) line.changes.push({ op, key });
  }
}

async function readLine(q: Queryable, showId: number, now: Date): Promise<LineSnapshot> {
  const since = new Date(now.getTime() - PACE_MINUTES * 60_000);
  // One statement: the show's two figures once (the one-row `c`), joined to every waiting key.
  const rows = await q.query<{
    sort_key: number | null;
    seq: number | null;
    recent_admissions: number;
    sold_out: boolean;
  }>`
    WITH c AS (
      SELECT (SELECT count(*)::integer FROM sale_line o
               WHERE o.show_id = ${showId} AND o.admitted_at > ${since}) AS recent_admissions,
             NOT EXISTS (SELECT 1 FROM seats se
                          WHERE se.show_id = ${showId}
                            AND NOT EXISTS (SELECT 1 FROM bookings b
                                             WHERE b.seat_id = se.id AND NOT b.is_cancelled))
               AND EXISTS (SELECT 1 FROM seats se WHERE se.show_id = ${showId}) AS sold_out)
    SELECT l.sort_key, l.seq, c.recent_admissions, c.sold_out
      FROM c LEFT JOIN sale_line l
        ON l.show_id = ${showId} AND l.admitted_at IS NULL AND l.left_at IS NULL
     ORDER BY l.sort_key, l.seq`;
  const keys: LineKey[] = [];
  for (const row of rows) {
    if (row.sort_key !== null && row.seq !== null) {
      keys.push({ sort_key: row.sort_key, seq: row.seq });
    }
  }
  const first = rows[0];
  return {
    keys,
    recentAdmissions: first?.recent_admissions ?? 0,
    soldOut: first?.sold_out ?? false,
  };
}

/**
 * The show's line as this instance knows it: read again when older than REFRESH_MS, by one
 * statement that concurrent callers share; a caller waits for at most that one statement.
 */
export async function lineSnapshot(q: Queryable, showId: number, now: Date): Promise<LineSnapshot> {
  const line = showLine(q, showId);
  const at = now.getTime();
  // A clock moved back (tests) counts as due.
  const fresh = line.snapshot && at >= line.readAt && at - line.readAt < REFRESH_MS;
  if (fresh && line.snapshot) return line.snapshot;
  if (line.reading) return await line.reading;
  line.changes = [];
  const reading = readLine(q, showId, now).then((snapshot) => {
    for (const change of line.changes) apply(snapshot.keys, change);
    line.snapshot = snapshot;
    line.readAt = at;
    return snapshot;
  });
  line.reading = reading;
  try {
    return await reading;
  } finally {
    line.reading = null;
    line.changes = [];
  }
}

/** Waiting places ahead of `key` in the snapshot (the key itself need not be in it yet). */
export function placesAhead(snapshot: LineSnapshot, key: LineKey): number {
  return countBefore(snapshot.keys, key);
}
