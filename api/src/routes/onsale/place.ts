// The answer of POST and GET onsale/{id}/line/: admits whoever's turn has come (set-based, one
// statement; the polls move the line, so no timer is needed: every join, and a poll when this
// instance has not admitted for the show within ADMIT_EVERY_MS), then reads the caller's row by
// its primary key and counts the places ahead from memory (onsale/places.ts).
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { describePlace, type LinePlace } from '../../onsale/line.ts';
import { admissionDue } from '../../onsale/pace.ts';
import { lineSnapshot, noteLineChange, placesAhead } from '../../onsale/places.ts';
import { admitNext, findLineRow, type SaleSettings } from '../../onsale/sql.ts';

export async function placeInLine(
  db: Db,
  config: Config,
  show: SaleSettings,
  userId: number,
  now: Date,
  { joined = false }: { joined?: boolean } = {},
): Promise<LinePlace | null> {
  // Before the opening nobody can be admitted (admitNext's own condition): no transaction.
  const open = !show.sales_open_at || show.sales_open_at <= now;
  if (open && (joined || admissionDue(db, show.id, now))) {
    const admitted = await admitNext(db, {
      showId: show.id,
      now,
      admissionMinutes: config.onsaleAdmissionMinutes,
      margin: config.onsaleAdmitMargin,
    });
    noteLineChange(db, show.id, 'remove', admitted);
  }
  const row = await findLineRow(db, show.id, userId);
  if (!row) return null;
  const waiting = row.admitted_at === null && row.left_at === null;
  if (joined && waiting) noteLineChange(db, show.id, 'add', [row]);
  const snapshot = await lineSnapshot(db, show.id, now);
  const ahead = waiting ? placesAhead(snapshot, row) : 0;
  return await describePlace(config, show, userId, row, { ahead, snapshot }, now);
}
