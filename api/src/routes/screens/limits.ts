// One owner's screen writes (adding and changing screens) are limited: a changed layout redraws
// every not-yet-on-sale show of the screen, thousands of seat rows each, so a loop of saves must
// not be able to keep the database busy.
import type { Db } from '../../db/db.ts';
import { consume, throwIfBlocked } from '../../http/rate-limit.ts';

export const SCREEN_WRITES_PER_HOUR = 60;
export const TOO_MANY_SCREEN_WRITES = 'Too many screen changes. Please try again in {minutes}.';

/** Counts one screen write of the owner; a 429 once they made SCREEN_WRITES_PER_HOUR this hour. */
export async function limitScreenWrites(db: Db, ownerId: number, now: Date): Promise<void> {
  throwIfBlocked(
    await consume(
      db,
      [
        {
          key: `screen-writes:${ownerId}`,
          max: SCREEN_WRITES_PER_HOUR,
          windowSeconds: 3600,
          message: TOO_MANY_SCREEN_WRITES,
        },
      ],
      now,
    ),
  );
}
