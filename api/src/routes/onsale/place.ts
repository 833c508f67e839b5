// The answer of POST and GET onsale/{id}/line/: admits whoever's turn has come (set-based, one
// statement; the polls move the line, so no timer is needed: a join whose place may be within the
// room, and a poll when this instance has not admitted for the show within ADMIT_EVERY_MS), then
// counts the places ahead from memory (onsale/places.ts). The caller's row is the join's own
// answer, else a primary-key read.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { describePlace, type LinePlace } from '../../onsale/line.ts';
import { admissionDue } from '../../onsale/pace.ts';
import {
  compareKeys,
  type LineKey,
  lineSnapshot,
  noteLineChange,
  placesAhead,
} from '../../onsale/places.ts';
import { admitNext, findLineRow, type LineRow, type SaleSettings } from '../../onsale/sql.ts';

export async function placeInLine(
  db: Db,
  config: Config,
  show: SaleSettings,
  userId: number,
  now: Date,
  /** A join's answer: its row when it wrote one (a new place), null when the place stood. */
  joined?: { row: LineRow | null },
): Promise<LinePlace | null> {
  let row = joined?.row ?? (await findLineRow(db, show.id, userId));
  if (!row) return null;
  const isWaiting = (r: LineRow) => r.admitted_at === null && r.left_at === null;
  if (joined?.row && isWaiting(row)) noteLineChange(db, show.id, 'add', [row]);
  // Kept current by noteLineChange: an admission below shows in it at once.
  const snapshot = await lineSnapshot(db, show.id, now);

  // Before the opening nobody can be admitted (admitNext's own condition): no transaction. A
  // join far back in a long line cannot be admitted now (admitNext admits at most the show's
  // seats plus the margin): it waits for the polls' admissions instead of taking a turn.
  const open = !show.sales_open_at || show.sales_open_at <= now;
  const room = show.total_seats + config.onsaleAdmitMargin;
  const mayBeAdmitted = isWaiting(row) && placesAhead(snapshot, row) < room;
  if (open && (joined ? mayBeAdmitted : admissionDue(db, show.id, now))) {
    const admitted = await admitNext(db, {
      showId: show.id,
      now,
      admissionMinutes: config.onsaleAdmissionMinutes,
      margin: config.onsaleAdmitMargin,
    });
    noteLineChange(db, show.id, 'remove', admitted);
    const key: LineKey = row;
    if (admitted.some((other) => compareKeys(other, key) === 0)) {
      row = (await findLineRow(db, show.id, userId)) ?? row;
    }
  }
  const ahead = isWaiting(row) ? placesAhead(snapshot, row) : 0;
  return await describePlace(config, show, userId, row, { ahead, snapshot }, now);
}
