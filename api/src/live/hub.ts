// The live seat map of one API instance (issue #12). ONE listening connection per instance, on
// the seat_events channel that booking/sql.ts recordSeatChange notifies in the same transaction as
// every seat write, fans each change out to the streams of that show open on this instance; so
// every viewer on every instance hears a write within a moment of its commit.
//
// It also runs the expiry sweep: a lapsed hold needs no write to be free (every read compares
// held_until with the clock), but nobody would hear of it and the show's held count would stay
// high. ONE timer per instance sleeps until the earliest hold expiry it has heard of (each NOTIFY
// carries the show's next_expiry; at start and after each sweep it asks the seats table); when it
// fires, each show with lapsed holds gets one transaction that clears them and records the change
// like any other write (announced, counted). No job per hold, no cron. Instances racing the same
// sweep skip each other's locked seats, so nothing is announced twice. The same timer prunes
// seat_events older than the kept window.

import { expireLapsedHolds, recordSeatChange, SEAT_EVENTS_CHANNEL } from '../booking/sql.ts';
import type { Config } from '../config.ts';
import type { Db, Listening } from '../db/db.ts';
import { transactionWithRetry } from '../db/retry.ts';
import type { Logger } from '../logger.ts';
import {
  eventById,
  nextHoldExpiry,
  pruneSeatEvents,
  type SeatChange,
  type SeatEvent,
  showsWithLapsedHolds,
} from './sql.ts';

/** Someone on this instance watching a show (a stream, live/stream.ts). */
export interface Viewer {
  /** A change of the show, in commit order. */
  event(event: SeatEvent): void;
  /**
   * End the stream; the client resumes from its last id. 'shutdown': this instance is stopping,
   * so the client should come back soon (to another instance behind the balancer); otherwise
   * changes were lost that the log can replay.
   */
  bye(reason?: ByeReason): void;
}

export type ByeReason = 'resume' | 'shutdown';

export interface LiveHub {
  /**
   * Listens and arms the sweep; once, however often it is called (again after a failure). main.ts
   * starts it at boot; a stream starts it before subscribing (tests start nothing they do not use).
   */
  start(): Promise<void>;
  /** From now on `viewer` hears every change of the show; the function returned ends that. */
  subscribe(showId: number, viewer: Viewer): () => void;
  /** Says bye to every viewer, stops listening and the timer. New streams get a bye at once. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

/** The NOTIFY payload recordSeatChange sends. */
interface Notification {
  id: number;
  show: number;
  version: number;
  seats: SeatChange[] | null;
  next_expiry: string | null;
}

// A sweep that could not clear every lapsed seat (another transaction had some locked) or failed
// tries again this much later.
const SWEEP_RETRY_MS = 1000;
const SWEEP_ERROR_RETRY_MS = 5000;
// Old changes are deleted in batches of this many per wake-up, so one DELETE stays short.
const PRUNE_BATCH = 5000;
// setTimeout's largest delay.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createLiveHub(deps: {
  db: Db;
  config: Pick<Config, 'seatEventsKeepSeconds' | 'seatSweepMaxWaitMs'>;
  // The app's clock (http/context.ts Clock), typed here so live/ does not import http/.
  clock: () => Date;
  logger: Logger;
}): LiveHub {
  const { db, config, clock, logger } = deps;
  const viewers = new Map<number, Set<Viewer>>();
  let started: Promise<void> | null = null;
  let listening: Listening | null = null;
  let stopped = false;

  // Notifications are handled one after another: one may need a read (its seats left out of the
  // NOTIFY), and viewers must get a show's changes in commit order.
  let queue: Promise<void> = Promise.resolve();

  // The sweep: the earliest expiry heard of (clock time), when the log is next pruned (clock
  // time), the one timer, and a pause (real time) after a sweep that could not finish.
  let nextExpiry: number | null = null;
  let nextPruneAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  let pausedUntil = 0;
  let waking: Promise<void> | null = null;

  function deliver(event: SeatEvent) {
    for (const viewer of viewers.get(event.show) ?? []) viewer.event(event);
  }

  function onPayload(text: string) {
    let n: Notification;
    try {
      n = JSON.parse(text);
    } catch (error) {
      logger.error('Unreadable seat_events notification', error);
      return;
    }
    if (n.next_expiry) heardExpiry(Date.parse(n.next_expiry));
    if (!viewers.has(n.show)) return;
    const { id, show, version, seats } = n;
    queue = queue
      .then(async () => {
        // Left out of the NOTIFY when too big for one: read from the log, once for all viewers.
        const event = seats ? { id, show, version, seats } : await eventById(db, id);
        if (event) deliver(event);
        else byeTo(show); // gone from the log already: let the viewers resume
      })
      .catch((error) => {
        logger.error(`Could not pass on seat event ${id}`, error);
        byeTo(show);
      });
  }

  function byeTo(showId: number, reason: ByeReason = 'resume') {
    for (const viewer of [...(viewers.get(showId) ?? [])]) viewer.bye(reason);
  }

  // The listening connection was lost and is back: what was notified meanwhile is gone. The
  // streams end; their clients reconnect with Last-Event-ID and get the missed changes from the
  // log. And expiries may have been missed: ask the table.
  function onReconnect() {
    for (const showId of [...viewers.keys()]) byeTo(showId);
    void refreshExpiry();
  }

  function heardExpiry(at: number) {
    if (Number.isNaN(at)) return;
    if (nextExpiry === null || at < nextExpiry) nextExpiry = at;
    arm();
  }

  async function refreshExpiry() {
    try {
      const at = await nextHoldExpiry(db);
      if (at) heardExpiry(at.getTime());
    } catch (error) {
      logger.error('Could not read the next hold expiry', error);
    }
  }

  /**
   * Sets the one timer to the earliest of the next expiry and the next prune, by the app's clock,
   * but never longer than seatSweepMaxWaitMs (a clock moved by hand in tests is noticed then).
   */
  function arm() {
    if (stopped || !started || waking) return;
    const target = Math.min(nextExpiry ?? Number.POSITIVE_INFINITY, nextPruneAt);
    let delay = Math.min(Math.max(0, target - clock().getTime()), config.seatSweepMaxWaitMs);
    delay = Math.min(MAX_TIMER_MS, Math.max(delay, pausedUntil - performance.now()));
    const at = performance.now() + delay;
    if (timer !== null) {
      if (timerAt <= at) return;
      clearTimeout(timer);
    }
    timerAt = at;
    timer = setTimeout(wake, delay);
  }

  function pause(ms: number) {
    pausedUntil = performance.now() + ms;
  }

  function wake() {
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    waking = (async () => {
      const now = clock();
      if (nextExpiry !== null && nextExpiry <= now.getTime()) {
        nextExpiry = null;
        try {
          await sweep(now);
        } catch (error) {
          logger.error('The hold expiry sweep failed', error);
          heardExpiry(now.getTime());
          pause(SWEEP_ERROR_RETRY_MS);
        }
      }
      if (now.getTime() >= nextPruneAt) {
        nextPruneAt = now.getTime() + config.seatSweepMaxWaitMs;
        try {
          const before = new Date(now.getTime() - config.seatEventsKeepSeconds * 1000);
          // A full batch: there is more to delete, soon.
          if ((await pruneSeatEvents(db, { before, limit: PRUNE_BATCH })) === PRUNE_BATCH) {
            nextPruneAt = now.getTime();
            pause(SWEEP_RETRY_MS);
          }
        } catch (error) {
          logger.error('Pruning seat_events failed', error);
        }
      }
    })().finally(() => {
      waking = null;
      arm();
    });
  }

  /**
   * Clears the lapsed holds of every show that has some, one transaction per show, each recorded
   * and announced like any write, then learns the next expiry. Seats another transaction had
   * locked are left: the timer comes back for them a second later.
   */
  async function sweep(now: Date) {
    for (const showId of await showsWithLapsedHolds(db, now)) {
      await transactionWithRetry(db, async (tx) => {
        const seatIds = await expireLapsedHolds(tx, { showId, now });
        if (seatIds.length > 0) await recordSeatChange(tx, { showId, seatIds, now });
      });
    }
    const next = await nextHoldExpiry(db);
    if (next === null) return;
    heardExpiry(next.getTime());
    if (next.getTime() <= now.getTime()) pause(SWEEP_RETRY_MS);
  }

  const hub: LiveHub = {
    get stopped() {
      return stopped;
    },
    start() {
      if (stopped) return Promise.resolve();
      started ??= (async () => {
        listening = await db.listen(SEAT_EVENTS_CHANNEL, onPayload, onReconnect);
        if (stopped) {
          await listening.unlisten();
          return;
        }
        await refreshExpiry();
        arm();
      })().catch((error) => {
        started = null; // the next stream (or start) tries again
        throw error;
      });
      return started;
    },
    subscribe(showId, viewer) {
      if (stopped) {
        queueMicrotask(() => viewer.bye('shutdown'));
        return () => {};
      }
      let set = viewers.get(showId);
      if (!set) {
        set = new Set();
        viewers.set(showId, set);
      }
      set.add(viewer);
      return () => {
        const current = viewers.get(showId);
        if (!current?.delete(viewer)) return;
        if (current.size === 0) viewers.delete(showId);
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      for (const showId of [...viewers.keys()]) byeTo(showId, 'shutdown');
      viewers.clear();
      await started?.catch(() => {});
      await waking;
      await queue;
      await listening?.unlisten();
    },
  };
  return hub;
}
