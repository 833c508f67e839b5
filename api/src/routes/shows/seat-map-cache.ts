// Seat maps answered from memory: one snapshot per show per API instance (per Db), validated on
// every request against the show's seats_version, which every transaction that changes the map
// bumps (booking/sql.ts recordSeatChange, migration 0011). Any number of instances can each keep
// their own snapshots: a write through one is seen by the next read through any other, because
// that read compares its snapshot's version with the row's before answering from it.
//
// A snapshot holds the PUBLIC map (each seat booked, held or available, with its booker's name)
// and who booked or holds each seat, so each caller's own seats ('mine', 'my_hold') and, for an
// admin or the theater's owner, the bookers' names are merged in per request. Holds lapse without
// a write: a snapshot is good only until its earliest hold's held_until, then it is rebuilt.
import type { Db } from '../../db/db.ts';
import { dbGeneration } from '../../db/generation.ts';

/** One seat as the rebuild reads it, in map order (row, then column). */
export type SeatRow = [
  /** seats.json_head: '{"id":5,"row":"A","column":5,"label":"A5"' */
  head: string,
  /** The user with a live booking of the seat, if any. */
  bookerId: number | null,
  /** That user's name as JSON text ('"ana"'), written by PostgreSQL's to_json. */
  bookerJson: string | null,
  /** The user with an unexpired hold on the seat (not booked), if any. */
  holderId: number | null,
  /** That hold's held_until, epoch milliseconds. */
  heldUntil: number | null,
  /** The live booking was checked in at the door. */
  checkedIn: boolean,
];

const encoder = new TextEncoder();

// Seat statuses in a snapshot (0: available).
const HELD = 1;
const BOOKED = 2;

export interface SeatMapSnapshot {
  showId: number;
  /** shows.seats_version the seats were read at, in the same statement. */
  version: number;
  /** The clock when it was built: statuses of holds are as of then. */
  builtAt: number;
  /** The earliest held_until of its held seats (epoch ms): good until then; null: no holds. */
  nextExpiry: number | null;
  heads: string[];
  status: Uint8Array;
  bookerJson: (string | null)[];
  /** 1 where the seat's booking was checked in (shown with the bookers' names). */
  checkedIn: Uint8Array;
  /** Per user, the indexes of the seats they booked or hold. */
  owners: Map<number, number[]>;
  /**
   * The whole answer for a caller with no seats here, without and with bookers' names, encoded
   * once (most readers get one of these two).
   */
  publicBody: Uint8Array<ArrayBuffer>;
  bookersBody: Uint8Array<ArrayBuffer> | null;
}

export function buildSnapshot(
  showId: number,
  version: number,
  rows: SeatRow[],
  now: Date,
): SeatMapSnapshot {
  const heads: string[] = [];
  const status = new Uint8Array(rows.length);
  const bookerJson: (string | null)[] = [];
  const checkedIn = new Uint8Array(rows.length);
  const owners = new Map<number, number[]>();
  let nextExpiry: number | null = null;
  const own = (userId: number, index: number) => {
    const list = owners.get(userId);
    if (list) list.push(index);
    else owners.set(userId, [index]);
  };
  rows.forEach(([head, bookerId, booker, holderId, heldUntil, isCheckedIn], i) => {
    heads.push(head);
    bookerJson.push(booker);
    if (isCheckedIn) checkedIn[i] = 1;
    if (bookerId !== null) {
      status[i] = BOOKED;
      own(bookerId, i);
    } else if (holderId !== null && heldUntil !== null) {
      status[i] = HELD;
      own(holderId, i);
      if (nextExpiry === null || heldUntil < nextExpiry) nextExpiry = heldUntil;
    }
  });
  const snapshot: SeatMapSnapshot = {
    showId,
    version,
    builtAt: now.getTime(),
    nextExpiry,
    heads,
    status,
    bookerJson,
    checkedIn,
    owners,
    publicBody: new Uint8Array(),
    bookersBody: null,
  };
  snapshot.publicBody = encoder.encode(render(snapshot, null, false));
  return snapshot;
}

// The tail of each seat's entry, byte for byte what the SQL map wrote before the snapshots (whose
// closing brace the caller adds, after `checked_in` for those who see bookers).
const TAIL = {
  available: ',"status":"available","is_booked":false,"booked_by":null',
  held: ',"status":"held","is_booked":false,"booked_by":null',
  myHold: ',"status":"my_hold","is_booked":false,"booked_by":null',
  booked: ',"status":"booked","is_booked":true,"booked_by":',
  mine: ',"status":"mine","is_booked":true,"booked_by":',
};

function render(s: SeatMapSnapshot, mine: Set<number> | null, seesBookers: boolean): string {
  const parts: string[] = new Array(s.heads.length);
  for (let i = 0; i < s.heads.length; i++) {
    const st = s.status[i];
    let tail: string;
    if (st === BOOKED) {
      const name = seesBookers ? (s.bookerJson[i] ?? 'null') : 'null';
      tail = `${mine?.has(i) ? TAIL.mine : TAIL.booked}${name}`;
    } else if (st === HELD) {
      tail = mine?.has(i) ? TAIL.myHold : TAIL.held;
    } else {
      tail = TAIL.available;
    }
    const end = seesBookers
      ? s.checkedIn[i]
        ? ',"checked_in":true}'
        : ',"checked_in":false}'
      : '}';
    parts[i] = s.heads[i] + tail + end;
  }
  return `[${parts.join(',')}]`;
}

/** Who is asking: their own seats and, for an admin or the theater's owner, bookers' names. */
export interface SeatMapViewer {
  userId: number;
  seesBookers: boolean;
}

/** The seat map's JSON for this caller: text when it is theirs alone, else bytes shared by all. */
export function seatMapBody(
  s: SeatMapSnapshot,
  viewer: SeatMapViewer,
): string | Uint8Array<ArrayBuffer> {
  const mine = s.owners.get(viewer.userId);
  if (mine) return render(s, new Set(mine), viewer.seesBookers);
  if (!viewer.seesBookers) return s.publicBody;
  s.bookersBody ??= encoder.encode(render(s, null, true));
  return s.bookersBody;
}

/**
 * A weak ETag that changes whenever this caller's answer would: the version names the seats'
 * state, the earliest unexpired hold names which holds have lapsed since (at one version, the
 * holds still in force are exactly those at or after it), then whether names are shown and, when
 * the caller has seats here, whose map it is. Every instance computes the same tag for the same
 * answer.
 */
export function seatMapETag(s: SeatMapSnapshot, viewer: SeatMapViewer): string {
  const expiry = s.nextExpiry === null ? '0' : Math.floor(s.nextExpiry).toString(36);
  const who = s.owners.has(viewer.userId) ? viewer.userId.toString(36) : '0';
  return `W/"${s.version.toString(36)}.${expiry}.${viewer.seesBookers ? 'b' : 'p'}.${who}"`;
}

/** If-None-Match against a weak ETag (weak comparison; `*` matches any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** Least recently used snapshots are dropped beyond `max` shows. */
export class SeatMapCache {
  readonly #max: number;
  readonly #snapshots = new Map<number, SeatMapSnapshot>();

  constructor(max = SEAT_MAP_CACHE_SHOWS) {
    this.#max = max;
  }

  get size(): number {
    return this.#snapshots.size;
  }

  /** Forgets every snapshot (the database may not be the one they were read from). */
  clear(): void {
    this.#snapshots.clear();
  }

  /**
   * The show's snapshot if its holds are still as they were built at `now` (none has lapsed; the
   * clock has not gone back), else undefined. The version is for the caller to check.
   */
  usable(showId: number, now: Date): SeatMapSnapshot | undefined {
    const s = this.#snapshots.get(showId);
    if (!s) return undefined;
    const t = now.getTime();
    if (t < s.builtAt || (s.nextExpiry !== null && t >= s.nextExpiry)) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.#snapshots.delete(showId);
    this.#snapshots.set(showId, s);
    return s;
  }

  /** Keeps `s` unless a snapshot of a newer version (or the same one, built later) is there. */
  store(s: SeatMapSnapshot): void {
    const old = this.#snapshots.get(s.showId);
    if (
      old &&
      (old.version > s.version || (old.version === s.version && old.builtAt > s.builtAt))
    ) {
      return;
    }
    this.#snapshots.delete(s.showId);
    this.#snapshots.set(s.showId, s);
    while (this.#snapshots.size > this.#max) {
      const oldest = this.#snapshots.keys().next().value;
      if (oldest === undefined) break;
      this.#snapshots.delete(oldest);
    }
  }
}

/** How many shows' seat maps one API instance keeps (a 140-seat map is about 25 kB). */
export const SEAT_MAP_CACHE_SHOWS = 1000;

// One cache per database handle, i.e. per API instance (each has its own Db and pool). Two apps
// sharing one Db share what is true of that database anyway. Each remembers the handle's
// connection generation (db/generation.ts) its snapshots were read in: once the instance lost
// its server and found one again, they are dropped. The version check alone would not do after a
// failover to a standby that lacked the last commits: the show's seats_version can come back to
// a number a snapshot already has, over different seats.
const caches = new WeakMap<Db, { cache: SeatMapCache; generation: number }>();

export function seatMapCache(db: Db): SeatMapCache {
  const generation = dbGeneration(db);
  let entry = caches.get(db);
  if (!entry) {
    entry = { cache: new SeatMapCache(), generation };
    caches.set(db, entry);
  } else if (entry.generation !== generation) {
    entry.cache.clear();
    entry.generation = generation;
  }
  return entry.cache;
}
