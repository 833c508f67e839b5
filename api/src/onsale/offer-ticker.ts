// The waitlist's ticker: every API instance runs one, and each wakes every OFFER_TICK_MS to offer
// the seats freed by a lapsed or released hold, or by an unclaimed offer, to the next entry
// (waitlist-sql.ts offerFreedSeats), so nobody has to poll for it to happen. It holds no state:
// the due shows are read from PostgreSQL by the app's clock, and offerFreedSeats' advisory lock
// per show lets one instance act while the others skip that show. main.ts starts it after
// migrating and stops it on shutdown; tests call tick() by hand
// (docs/decisions/0031-on-sale-waiting-room.md).
import type { Db } from '../db/db.ts';
import { isConnectionLoss } from '../db/errors.ts';
import type { Clock } from '../http/context.ts';
import type { Logger } from '../logger.ts';
import { OFFER_TICK_MS } from './rules.ts';
import { offerFreedSeats, showsWithOffersDue } from './waitlist-sql.ts';

export interface OfferTicker {
  /** Ticks every `intervalMs` from now on; once, however often it is called. */
  start(): void;
  /** Stops the timer and waits for a tick in flight. */
  stop(): Promise<void>;
  /** One tick now (what the timer runs): the user ids offered seats. Failures are logged. */
  tick(): Promise<number[]>;
  readonly running: boolean;
}

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
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  let stopped = false;
  let inFlight: Promise<number[]> | null = null;

  async function once(): Promise<number[]> {
    const now = clock();
    const offered: number[] = [];
    try {
      for (const showId of await showsWithOffersDue(db, now)) {
        offered.push(...(await offerFreedSeats(db, showId, now)));
      }
    } catch (error) {
      // The database away (an outage, a failover) is one line, not a stack every tick.
      if (isConnectionLoss(error)) {
        logger.error(
          `The waitlist tick found the database unavailable: ${(error as Error).message}`,
        );
      } else {
        logger.error('The waitlist tick failed', error);
      }
    }
    if (offered.length > 0) onOffered();
    return offered;
  }

  function tick(): Promise<number[]> {
    // One tick at a time per instance: a slow one is not overtaken by the next.
    inFlight ??= once().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      timer = null;
      await tick();
      schedule();
    }, intervalMs);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
    tick,
    get running() {
      return started && !stopped;
    },
  };
}
