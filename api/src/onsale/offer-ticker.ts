// The waitlist's ticker: every API instance runs one, and each wakes every OFFER_TICK_MS to offer
// the seats freed by a lapsed or released hold, or by an unclaimed offer, to the next entry
// (waitlist-sql.ts offerFreedSeats), so nobody has to poll for it to happen. It holds no state:
// the due shows are read from PostgreSQL by the app's clock, and offerFreedSeats' advisory lock
// per show lets one instance act while the others skip that show
// (docs/decisions/0031-on-sale-waiting-room.md; the timer itself: db/ticker.ts).
import type { Db } from '../db/db.ts';
import { createTicker, type Ticker } from '../db/ticker.ts';
import type { Clock } from '../http/context.ts';
import type { Logger } from '../logger.ts';
import { OFFER_TICK_MS } from './rules.ts';
import { offerFreedSeats, showsWithOffersDue } from './waitlist-sql.ts';

/** tick() answers the user ids offered seats. */
export type OfferTicker = Ticker<number[]>;

export function createOfferTicker({
  db,
  clock,
  logger,
  onOffered,
  intervalMs = OFFER_TICK_MS,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** After offers were made: each queued its email in its transaction, so wake the sender. */
  onOffered: () => void;
  intervalMs?: number;
}): OfferTicker {
  return createTicker({
    name: 'waitlist',
    intervalMs,
    logger,
    onFailure: () => [],
    async run() {
      const now = clock();
      const offered: number[] = [];
      try {
        for (const showId of await showsWithOffersDue(db, now)) {
          offered.push(...(await offerFreedSeats(db, showId, now)));
        }
      } finally {
        // Offers made before a failure have queued their emails too.
        if (offered.length > 0) onOffered();
      }
      return offered;
    },
  });
}
