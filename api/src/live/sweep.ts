// The expiry sweep of one API instance (live/hub.ts runs it): a lapsed hold needs no write to be
// free (every read compares held_until with the clock), but nobody would hear of it and the
// show's held count would stay high. ONE timer per instance sleeps until the earliest hold expiry
// it has heard of (each NOTIFY carries the show's next_expiry; at start and after each sweep it
// asks the seats table); when it fires, each show with lapsed holds gets one transaction that
// clears them and records the change like any other write (announced, counted). No job per hold,
// no cron. Instances racing the same sweep skip each other's locked seats, so nothing is
// announced twice. The same timer prunes seat_events older than the kept window.

import { expireLapsedHolds, recordSeatChange } from '../booking/sql.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { transactionWithRetry } from '../db/retry.ts';
import type { Logger } from '../logger.ts';
import { nextHoldExpiry, pruneSeatEvents, showsWithLapsedHolds } from './sql.ts';

// A sweep that could not clear every lapsed seat (another transaction had some locked) or failed
// tries again this much later.
const SWEEP_RETRY_MS = 1000;
const SWEEP_ERROR_RETRY_MS = 5000;
// Old changes are deleted in batches of this many per wake-up, so one DELETE stays short.
const PRUNE_BATCH = 5000;
// setTimeout's largest delay.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ExpirySweep {
  /** A hold lapses at `at` (epoch ms, by the app's clock): the timer wakes by then. */
  heard(at: number): void;
  /** Asks the seats table for the next expiry (at start, after a lost connection). */
  refresh(): Promise<void>;
  /** Arms the timer (once the hub listens). */
  start(): void;
  /** Clears the timer and waits for the wake-up in flight. */
  stop(): Promise<void>;
}

export function createExpirySweep(deps: {
  db: Db;
  config: Pick<Config, 'seatEventsKeepSeconds' | 'seatSweepMaxWaitMs'>;
  clock: () => Date;
  logger: Logger;
}): ExpirySweep {
  const { db, config, clock, logger } = deps;
  // The earliest expiry heard of (clock time), when the log is next pruned (clock time), the one
  // timer, and a pause (real time) after a sweep that could not finish.
  let nextExpiry: number | null = null;
  let nextPruneAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  let pausedUntil = 0;
  let waking: Promise<void> | null = null;
  let started = false;
  let stopped = false;

  function heard(at: number) {
    if (Number.isNaN(at)) return;
    if (nextExpiry === null || at < nextExpiry) nextExpiry = at;
    arm();
  }

  async function refresh() {
    try {
      const at = await nextHoldExpiry(db);
      if (at) heard(at.getTime());
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
          heard(now.getTime());
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
    heard(next.getTime());
    if (next.getTime() <= now.getTime()) pause(SWEEP_RETRY_MS);
  }

  return {
    heard,
    refresh,
    start() {
      started = true;
      arm();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await waking;
    },
  };
}
