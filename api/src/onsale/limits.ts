// What one account can do a thousand times to an on-sale's waiting line and waitlist: each
// request that changes its place (a join again after leaving or after an unused admission, a
// leave; on a waitlist also a change of seats) is counted per account and show and across shows
// (onsale/rules.ts LINE_CHANGES_PER_SHOW and the rest); past a limit the answer is a 429 with
// Retry-After that writes nothing. A join that keeps the place (the waiting room reloaded, another
// tab) and a leave already done change nothing: they are neither counted nor refused, and write
// nothing either. The first join of a show is free too (once per account and show: rules.ts).
// Counts live in PostgreSQL (http/rate-limit.ts), so every API instance counts the same.
// docs/decisions/0031-on-sale-waiting-room.md.
import { batched } from '../db/batched.ts';
import type { Db } from '../db/db.ts';
import { consume, forget, type Limit, throwIfBlocked } from '../http/rate-limit.ts';
import type { LineKey } from './places.ts';
import {
  LINE_CHANGES_PER_SHOW,
  ONSALE_CHANGES_HOUR_SECONDS,
  ONSALE_CHANGES_PER_HOUR,
  ONSALE_CHANGES_WINDOW_SECONDS,
  TOO_MANY_LINE_CHANGES,
  TOO_MANY_ONSALE_CHANGES,
  TOO_MANY_WAITLIST_CHANGES,
  WAITLIST_CHANGES_PER_SHOW,
} from './rules.ts';
import { findLineRow, joinLineAgain, joinLinesFirst, type LineRow, leaveLine } from './sql.ts';
import {
  findWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
  type WaitlistEntry,
} from './waitlist-sql.ts';

type Kind = 'line' | 'waitlist';

/** The limits a change of the account's place in the show's line or waitlist counts against. */
export function onsaleLimits(kind: Kind, userId: number, showId: number): Limit[] {
  return [
    {
      key: `onsale:${kind}:show:${showId}:user:${userId}`,
      max: kind === 'line' ? LINE_CHANGES_PER_SHOW : WAITLIST_CHANGES_PER_SHOW,
      windowSeconds: ONSALE_CHANGES_WINDOW_SECONDS,
      message: kind === 'line' ? TOO_MANY_LINE_CHANGES : TOO_MANY_WAITLIST_CHANGES,
    },
    {
      key: `onsale:user:${userId}`,
      max: ONSALE_CHANGES_PER_HOUR,
      windowSeconds: ONSALE_CHANGES_HOUR_SECONDS,
      message: TOO_MANY_ONSALE_CHANGES,
    },
  ];
}

/**
 * Counts one change (429, recording nothing, when a limit is exhausted), then makes it with
 * `change`, which says whether it changed anything; if not (a racing request of the same account
 * changed it first), the count is given back. Every change is thus made by a request holding a
 * counted event, and `consume` records them one at a time under a lock per key, so racing
 * requests never pass a limit together.
 */
async function counted(
  db: Db,
  limits: readonly Limit[],
  now: Date,
  change: () => Promise<boolean>,
): Promise<void> {
  const consumed = await consume(db, limits, now);
  throwIfBlocked(consumed);
  if (!(await change())) await forget(db, consumed.eventIds);
}

/** A join keeps this place as it is (onsale/sql.ts joinLineAgain writes nothing): in line, not left,
 * and not an admission that ran out. An admission that ran out after a booking is kept too, but
 * telling needs a read of the bookings: it is counted as a change (given back if it was not). */
function joinKeeps(row: LineRow, now: Date): boolean {
  return row.left_at === null && (row.admitted_until === null || row.admitted_until > now);
}

/** A first join, in one statement with the concurrent requests' (db/batched.ts). */
const joinLineFirst = batched(joinLinesFirst);

/**
 * POST onsale/{id}/line/: joins the line (onsale/sql.ts joinLinesFirst, else joinLineAgain)
 * unless already in it. Returns the row when it was written (a new place), null when the place
 * stands as it was.
 */
export async function joinLineLimited(
  db: Db,
  line: { showId: number; userId: number; opensAt: Date | null; now: Date },
): Promise<LineRow | null> {
  const { showId, userId, now } = line;
  // The first join: once per account and show, not counted (rules.ts LINE_CHANGES_PER_SHOW).
  const first = await joinLineFirst(db, line);
  if (first) return first;
  const before = await findLineRow(db, showId, userId);
  if (!before || joinKeeps(before, now)) return null;
  let row: LineRow | null = null;
  await counted(db, onsaleLimits('line', userId, showId), now, async () => {
    row = await joinLineAgain(db, line);
    return row !== null;
  });
  return row;
}

/**
 * DELETE onsale/{id}/line/: leaves the line. `inLine` false when the account never joined it;
 * `left` the key of the place given up, null when it had left already.
 */
export async function leaveLineLimited(
  db: Db,
  showId: number,
  userId: number,
  now: Date,
): Promise<{ inLine: boolean; left: LineKey | null }> {
  const row = await findLineRow(db, showId, userId);
  if (!row) return { inLine: false, left: null };
  let left: LineKey | null = null;
  if (row.left_at === null) {
    await counted(db, onsaleLimits('line', userId, showId), now, async () => {
      left = await leaveLine(db, showId, userId, now);
      return left !== null;
    });
  }
  return { inLine: true, left };
}

/** A waitlist join keeps this entry as it is (onsale/waitlist-sql.ts joinWaitlist changes nothing,
 * or only writes the same number of seats again). */
function waitlistJoinKeeps(entry: WaitlistEntry, seats: number): boolean {
  if (entry.state === 'offered' || entry.state === 'claimed') return true;
  return entry.state === 'waiting' && entry.seats === seats;
}

/** POST onsale/{id}/waitlist/: joins, joins again at the back, or changes the number of seats. */
export async function joinWaitlistLimited(
  db: Db,
  entry: { showId: number; userId: number; seats: number; now: Date },
): Promise<void> {
  const { showId, userId, seats, now } = entry;
  const before = await findWaitlistEntry(db, showId, userId);
  if (!before) return await joinWaitlist(db, entry); // the first join: not counted
  if (waitlistJoinKeeps(before, seats)) return;
  await counted(db, onsaleLimits('waitlist', userId, showId), now, async () => {
    await joinWaitlist(db, entry);
    const after = await findWaitlistEntry(db, showId, userId);
    return after !== null && (after.state !== before.state || after.seats !== before.seats);
  });
}

/** DELETE onsale/{id}/waitlist/: leaves while waiting. False when the account was never on it. */
export async function leaveWaitlistLimited(
  db: Db,
  showId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const entry = await findWaitlistEntry(db, showId, userId);
  if (!entry) return false;
  if (entry.state === 'waiting') {
    await counted(db, onsaleLimits('waitlist', userId, showId), now, () =>
      leaveWaitlist(db, showId, userId),
    );
  }
  return true;
}
