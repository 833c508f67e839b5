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
//
// While the instance's hub listens, the cache also follows every seat change it hears (live/hub.ts
// follow): a snapshot one version behind a change gets the change applied (the NOTIFY names who
// has each changed seat), and one further behind is known to be stale. A snapshot read or
// confirmed while listening (its `epoch`) and not behind anything heard is then answered with no
// database read at all while the hub says it has heard everything (hub.current();
// docs/decisions/0030-seat-map-from-memory.md).
import type { Db } from '../../db/db.ts';
import { dbGeneration } from '../../db/generation.ts';
import { CompressibleBody } from '../../http/compression.ts';
import type { SeatChangeFollower, SeatNotification } from '../../live/hub.ts';

/** One seat as the rebuild reads it, in map order (row, then column). */
export type SeatRow = [
  /** seats.json_head and the layout's fields: '{"id":5,"row":"A","column":5,"label":"A5","row_pos":1,…' */
  head: string,
  /** The user with a live booking of the seat, if any. */
  bookerId: number | null,
  /** That user's name as JSON text ('"ana"'), written by PostgreSQL's to_json. */
  bookerJson: string | null,
  /** The user with an unexpired hold on the seat (not booked), if any. */
  holderId: number | null,
  /** That hold's held_until, epoch milliseconds. */
  heldUntil: number | null,
  /** The live booking was checked in at the door: 1, and had a duplicate scan: 2 (else 0). */
  checkedIn: boolean | number,
];

// Seat statuses in a snapshot (0: available).
const HELD = 1;
const BOOKED = 2;
// snapshot.checkedIn: 1 checked in, DUPLICATE checked in with a duplicate scan.
const DUPLICATE = 2;
const CHECKED_IN_TAIL = [
  ',"checked_in":false}',
  ',"checked_in":true}',
  ',"checked_in":true,"duplicate":true}',
];

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
  /**
   * 1 where the seat's booking was checked in, 2 where its ticket also had a duplicate scan
   * (booking/door.ts; shown with the bookers' names).
   */
  checkedIn: Uint8Array;
  /** Per user, the indexes of the seats they booked or hold. */
  owners: Map<number, number[]>;
  /** Per seat, its booker or unexpired holder, and that hold's held_until (epoch ms). */
  holders: (number | null)[];
  heldUntil: (number | null)[];
  /** The theater's owner (sees bookers' names; the only owner who may see the map). */
  ownerId: number | null;
  /** The hub's epoch the snapshot was read or confirmed in (null: not while listening). */
  epoch: number | null;
  /**
   * The whole answer for a caller with no seats here, without and with bookers' names, encoded
   * and compressed once (most readers get one of these two).
   */
  publicBody: CompressibleBody;
  bookersBody: CompressibleBody | null;
}

export function buildSnapshot(
  showId: number,
  version: number,
  rows: SeatRow[],
  now: Date,
  read: { ownerId: number | null; epoch: number | null } = { ownerId: null, epoch: null },
): SeatMapSnapshot {
  const heads: string[] = [];
  const status = new Uint8Array(rows.length);
  const bookerJson: (string | null)[] = [];
  const checkedIn = new Uint8Array(rows.length);
  const holders: (number | null)[] = [];
  const heldUntil: (number | null)[] = [];
  rows.forEach(([head, bookerId, booker, holderId, until, isCheckedIn], i) => {
    heads.push(head);
    bookerJson.push(booker);
    checkedIn[i] = Number(isCheckedIn);
    if (bookerId !== null) {
      status[i] = BOOKED;
      holders.push(bookerId);
      heldUntil.push(null);
    } else if (holderId !== null && until !== null) {
      status[i] = HELD;
      holders.push(holderId);
      heldUntil.push(until);
    } else {
      holders.push(null);
      heldUntil.push(null);
    }
  });
  return assemble({
    showId,
    version,
    builtAt: now.getTime(),
    heads,
    status,
    bookerJson,
    checkedIn,
    holders,
    heldUntil,
    ...read,
  });
}

type SnapshotParts = Omit<SeatMapSnapshot, 'nextExpiry' | 'owners' | 'publicBody' | 'bookersBody'>;

/** The snapshot of these seats: who owns what, the earliest expiry, the shared public answer. */
function assemble(parts: SnapshotParts): SeatMapSnapshot {
  const owners = new Map<number, number[]>();
  let nextExpiry: number | null = null;
  parts.holders.forEach((userId, i) => {
    if (userId === null) return;
    const list = owners.get(userId);
    if (list) list.push(i);
    else owners.set(userId, [i]);
    const until = parts.heldUntil[i] ?? null;
    if (parts.status[i] === HELD && until !== null && (nextExpiry === null || until < nextExpiry))
      nextExpiry = until;
  });
  const snapshot: SeatMapSnapshot = {
    ...parts,
    nextExpiry,
    owners,
    publicBody: new CompressibleBody(''),
    bookersBody: null,
  };
  snapshot.publicBody = new CompressibleBody(render(snapshot, null, false));
  return snapshot;
}

const STATUS_OF: Record<string, number> = { available: 0, held: HELD, booked: BOOKED };
const SEAT_ID = /^\{"id":(\d+),/;

/**
 * The snapshot after a change notified right after its version (live/hub.ts SeatNotification),
 * or null when it cannot be applied (too big for the NOTIFY, or a seat not on this map).
 */
export function applyChange(s: SeatMapSnapshot, n: SeatNotification): SeatMapSnapshot | null {
  if (!n.seats || !n.owners) return null;
  const index = new Map<number, number>();
  s.heads.forEach((head, i) => {
    index.set(Number(SEAT_ID.exec(head)?.[1]), i);
  });
  const owner = new Map(n.owners.map(([seat, user, until]) => [seat, { user, until }]));
  const status = s.status.slice();
  const checkedIn = s.checkedIn.slice();
  const bookerJson = [...s.bookerJson];
  const holders = [...s.holders];
  const heldUntil = [...s.heldUntil];
  for (const seat of n.seats) {
    const i = index.get(seat.id);
    const code = STATUS_OF[seat.status];
    const who = owner.get(seat.id);
    if (i === undefined || code === undefined || (code !== 0 && !who)) return null;
    status[i] = code;
    checkedIn[i] = seat.checked_in ? (seat.duplicate ? DUPLICATE : 1) : 0;
    // JSON.stringify writes a username as PostgreSQL's to_json does (validated names).
    bookerJson[i] = code === BOOKED ? JSON.stringify(seat.booked_by) : null;
    holders[i] = code === 0 ? null : (who?.user ?? null);
    heldUntil[i] = code === HELD ? (who?.until ?? null) : null;
  }
  return assemble({ ...s, version: n.version, status, checkedIn, bookerJson, holders, heldUntil });
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
    const end = seesBookers ? CHECKED_IN_TAIL[s.checkedIn[i] ?? 0] : '}';
    parts[i] = s.heads[i] + tail + end;
  }
  return `[${parts.join(',')}]`;
}

/** Who is asking: their own seats and, for an admin or the theater's owner, bookers' names. */
export interface SeatMapViewer {
  userId: number;
  seesBookers: boolean;
}

/** The seat map's JSON for this caller: written for them when it is theirs alone, else shared. */
export function seatMapBody(s: SeatMapSnapshot, viewer: SeatMapViewer): CompressibleBody {
  const mine = s.owners.get(viewer.userId);
  if (mine) return new CompressibleBody(render(s, new Set(mine), viewer.seesBookers), 'oneCaller');
  if (!viewer.seesBookers) return s.publicBody;
  s.bookersBody ??= new CompressibleBody(render(s, null, true));
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
export class SeatMapCache implements SeatChangeFollower {
  readonly #max: number;
  readonly #snapshots = new Map<number, SeatMapSnapshot>();
  // The newest version heard of, per show (first in, first out beyond HEARD_SHOWS).
  readonly #heard = new Map<number, number>();

  constructor(max = SEAT_MAP_CACHE_SHOWS) {
    this.#max = max;
  }

  get size(): number {
    return this.#snapshots.size;
  }

  /** Forgets every snapshot (the database may not be the one they were read from). */
  clear(): void {
    this.#snapshots.clear();
    this.#heard.clear();
  }

  reset(): void {
    this.clear();
  }

  /** A change heard (live/hub.ts): applied to a snapshot right behind it; others fall behind. */
  heard(n: SeatNotification): void {
    if ((this.#heard.get(n.show) ?? -1) < n.version) {
      this.#heard.delete(n.show);
      this.#heard.set(n.show, n.version);
      if (this.#heard.size > HEARD_SHOWS) this.#heard.delete(this.#heard.keys().next().value ?? 0);
    }
    const s = this.#snapshots.get(n.show);
    if (!s || s.version !== n.version - 1) return;
    const next = applyChange(s, n);
    if (next) this.#snapshots.set(n.show, next);
  }

  /**
   * The show's snapshot if it can be answered without asking the database: usable at `now`, read
   * or confirmed in this `epoch` of the hub's listening, and behind no change heard since.
   */
  current(showId: number, now: Date, epoch: number): SeatMapSnapshot | undefined {
    const s = this.usable(showId, now);
    if (!s || s.epoch !== epoch || s.version < (this.#heard.get(showId) ?? 0)) return undefined;
    return s;
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
// How many shows' newest heard versions are kept (a read in flight while 10,000 other shows
// change would be the only one to miss its show's).
const HEARD_SHOWS = 10_000;

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
