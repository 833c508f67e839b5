// The answer of POST and GET onsale/{id}/line/: admits whoever's turn has come (set-based, one
// statement; the polls move the line, so no timer is needed: every join, and a poll when this
// instance has not admitted for the show within ADMIT_EVERY_MS), then reads the caller's place.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { describePlace, type LinePlace } from '../../onsale/line.ts';
import { admissionDue } from '../../onsale/pace.ts';
import { admitNext, findPlace, type SaleSettings } from '../../onsale/sql.ts';

export async function placeInLine(
  db: Db,
  config: Config,
  show: SaleSettings,
  userId: number,
  now: Date,
  { joined = false }: { joined?: boolean } = {},
): Promise<LinePlace | null> {
  if (admissionDue(db, show.id, now) || joined) {
    await admitNext(db, {
      showId: show.id,
      now,
      admissionMinutes: config.onsaleAdmissionMinutes,
      margin: config.onsaleAdmitMargin,
    });
  }
  const row = await findPlace(db, show.id, userId, now);
  return row ? await describePlace(config, show, userId, row, now) : null;
}
