// The live seat map of one API instance (docs/decisions/0014-live-seat-map-on-postgresql.md). ONE
// listening connection per instance, on the seat_events channel that booking/sql.ts
// recordSeatChange notifies in the same transaction as every seat write, fans each change out to
// the streams of that show open on this instance; so every viewer on every instance hears a write
// within a moment of its commit.
//
// It also runs the expiry sweep: a lapsed hold needs no write to be free (every read compares
// held_until with the clock), but nobody would hear of it and the show's held count would stay
// high. ONE timer per instance sleeps until the earliest hold expiry it has heard of (each NOTIFY
// carries the show's next_expiry; at start and after each sweep it asks the seats table); when it
// fires, each show with lapsed holds gets one transaction that clears them and records the change
// like any other write (announced, counted). No job per hold, no cron. Instances racing the same
// sweep skip each other's locked seats, so nothing is announced twice. The same timer prunes
// seat_events older than the kept window.
//
// And it keeps the streams to their session and their limits, across every instance
// (docs/decisions/0026-streams-end-with-their-session.md): a second LISTEN, on session_ended
// (notified by the sessions triggers of migration 0017 in the transaction that ends a session),
// ends that session's streams here at commit; each stream holds a row in seat_streams that counts
// against its account's and its network's limits, under a lease ONE timer per instance renews
// for all its streams in one statement (which also ends a stream whose session died or whose row
// is gone), so the rows of an instance that died expire by themselves.

import { randomUUID } from 'node:crypto';
import { expireLapsedHolds, recordSeatChange, SEAT_EVENTS_CHANNEL } from '../booking/sql.ts';
import type { Config } from '../config.ts';
import type { Db, Listening } from '../db/db.ts';
import { nextDbGeneration } from '../db/generation.ts';
import { transactionWithRetry } from '../db/retry.ts';
import type { Logger } from '../logger.ts';
import {
  claimStreamSlot,
  eventById,
  nextHoldExpiry,
  pruneSeatEvents,
  releaseInstanceSlots,
  releaseStreamSlots,
  renewStreamSlots,
  SESSION_ENDED_CHANNEL,
  type SeatChange,
  type SeatEvent,
  type SlotClaim,
  type StreamOwner,
  showsWithLapsedHolds,
} from './sql.ts';

/** Someone on this instance watching a show (a stream, live/stream.ts). */
export interface Viewer {
  /** A change of the show, in commit order. */
  event(event: SeatEvent): void;
  /**
   * End the stream; the client resumes from its last id. 'shutdown': this instance is stopping,
   * so the client should come back soon (to another instance behind the balancer);
   * 'session_ended': the viewer's login was ended (its reconnect gets a 401); otherwise changes
   * were lost that the log can replay.
   */
  bye(reason?: ByeReason): void;
}

export type ByeReason = 'resume' | 'shutdown' | 'session_ended';

/** A stream admitted (its slot is held until `release`), or why not. */
export type StreamAdmission = { ok: true; release(): void } | Exclude<SlotClaim, { ok: true }>;

/** How long a stream's row counts without renewal, and how often the instance renews them. */
export const STREAM_LEASE_SECONDS = 60;
export const STREAM_RENEW_MS = 20_000;

export interface LiveHub {
  /**
   * Listens and arms the sweep; once, however often it is called (again after a failure). main.ts
   * starts it at boot; a stream starts it before subscribing (tests start nothing they do not use).
   */
  start(): Promise<void>;
  /** From now on `viewer` hears every change of the show; the function returned ends that. */
  subscribe(showId: number, viewer: Viewer): () => void;
  /**
   * Counts the viewer's stream against its account's and network's limits on every instance
   * (seat_streams) and, from before the count on, ends it with bye('session_ended') when the
   * owner's session ends. Refused when a limit is reached or the session is no longer alive.
   */
  admit(owner: StreamOwner, viewer: Viewer): Promise<StreamAdmission>;
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
  config: Pick<
    Config,
    | 'seatEventsKeepSeconds'
    | 'seatSweepMaxWaitMs'
    | 'seatStreamsPerAccount'
    | 'seatStreamsPerAddress'
  >;
  // The app's clock (http/context.ts Clock), typed here so live/ does not import http/.
  clock: () => Date;
  logger: Logger;
  /** Tests shorten these (STREAM_LEASE_SECONDS, STREAM_RENEW_MS). */
  streamLease?: { seconds: number; renewMs: number };
}): LiveHub {
  const { db, config, clock, logger } = deps;
  const lease = deps.streamLease ?? { seconds: STREAM_LEASE_SECONDS, renewMs: STREAM_RENEW_MS };
  const viewers = new Map<number, Set<Viewer>>();
  let started: Promise<void> | null = null;
  let listening: Listening | null = null;
  let sessionListening: Listening | null = null;
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
  // log. And expiries may have been missed: ask the table. The server may not even be the same
  // one (a failover): what this instance keeps of the seat maps is read afresh (db/generation.ts).
  function onReconnect() {
    nextDbGeneration(db);
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

  // The streams' sessions and slots (see the top of this file). Slots are deleted in batches as
  // streams end; a delete that fails leaves the row to expire with its lease.
  const instance = randomUUID();
  const bySession = new Map<string, Set<Viewer>>();
  const slots = new Map<string, { viewer: Viewer; sessionId: string }>();
  const toRelease = new Set<string>();
  let releasing: Promise<void> | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;
  let renewing: Promise<void> | null = null;
  let claimedAny = false;

  function onSessionEnded(sessionId: string) {
    for (const viewer of [...(bySession.get(sessionId) ?? [])]) viewer.bye('session_ended');
  }

  function forgetViewer(sessionId: string, viewer: Viewer) {
    const set = bySession.get(sessionId);
    if (set?.delete(viewer) && set.size === 0) bySession.delete(sessionId);
  }

  function release(id: string) {
    toRelease.add(id);
    releasing ??= (async () => {
      while (toRelease.size > 0) {
        const ids = [...toRelease];
        toRelease.clear();
        try {
          await releaseStreamSlots(db, ids);
        } catch (error) {
          logger.error('Could not free ended seat streams (their leases will lapse)', error);
        }
      }
    })().finally(() => {
      releasing = null;
    });
  }

  function armRenewal() {
    if (stopped || renewTimer !== null || renewing || slots.size === 0) return;
    renewTimer = setTimeout(renew, lease.renewMs);
  }

  /** Renews this instance's leases; ends the streams whose session died or whose row is gone. */
  function renew() {
    if (renewTimer !== null) clearTimeout(renewTimer);
    renewTimer = null;
    if (renewing || stopped) return;
    const held = [...slots.keys()];
    if (held.length === 0) return;
    renewing = (async () => {
      try {
        const rows = await renewStreamSlots(db, {
          instance,
          ids: held,
          leaseSeconds: lease.seconds,
        });
        const alive = new Map(rows.map((r) => [r.id, r.alive]));
        for (const id of held) {
          const viewer = slots.get(id)?.viewer;
          if (!viewer) continue; // ended meanwhile
          const state = alive.get(id);
          // No row: the lease lapsed (a long outage) and it no longer counts; the client's
          // reconnect is counted again.
          if (state === undefined) viewer.bye('resume');
          else if (!state) viewer.bye('session_ended');
        }
      } catch (error) {
        logger.error('Could not renew the seat streams’ leases', error);
      }
    })().finally(() => {
      renewing = null;
      armRenewal();
    });
  }

  const hub: LiveHub = {
    get stopped() {
      return stopped;
    },
    start() {
      if (stopped) return Promise.resolve();
      started ??= (async () => {
        listening = await db.listen(SEAT_EVENTS_CHANNEL, onPayload, onReconnect);
        // A session ended while the connection was lost went unheard: the renewal asks.
        try {
          sessionListening = await db.listen(SESSION_ENDED_CHANNEL, onSessionEnded, renew);
        } catch (error) {
          await listening.unlisten(); // the next start listens to both again
          throw error;
        }
        if (stopped) {
          await listening.unlisten();
          await sessionListening.unlisten();
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
    async admit(owner, viewer) {
      if (stopped) return { ok: true, release: () => {} }; // its bye('shutdown') is on the way
      // Before the count: a session ended from now on reaches this viewer (see the top of this
      // file), and one ended before is seen by the count's own check.
      let set = bySession.get(owner.sessionId);
      if (!set) {
        set = new Set();
        bySession.set(owner.sessionId, set);
      }
      set.add(viewer);
      const id = randomUUID();
      let claim: SlotClaim;
      try {
        claim = await transactionWithRetry(db, (tx) =>
          claimStreamSlot(tx, {
            id,
            instance,
            owner,
            perAccount: config.seatStreamsPerAccount,
            perAddress: config.seatStreamsPerAddress,
            leaseSeconds: lease.seconds,
          }),
        );
      } catch (error) {
        forgetViewer(owner.sessionId, viewer);
        throw error;
      }
      if (!claim.ok) {
        forgetViewer(owner.sessionId, viewer);
        return claim;
      }
      if (stopped) {
        // stop() freed this instance's rows before this one was written.
        await releaseStreamSlots(db, [id]).catch(() => {});
        return { ok: true, release: () => {} };
      }
      slots.set(id, { viewer, sessionId: owner.sessionId });
      claimedAny = true;
      armRenewal();
      return {
        ok: true,
        release() {
          if (!slots.delete(id)) return;
          forgetViewer(owner.sessionId, viewer);
          // Once stopping, stop() frees them all in one statement.
          if (!stopped) release(id);
        },
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (renewTimer !== null) clearTimeout(renewTimer);
      renewTimer = null;
      for (const showId of [...viewers.keys()]) byeTo(showId, 'shutdown');
      viewers.clear();
      await started?.catch(() => {});
      await waking;
      await queue;
      await renewing;
      await releasing;
      if (claimedAny) {
        slots.clear();
        bySession.clear();
        await releaseInstanceSlots(db, instance).catch((error) =>
          logger.error(
            'Could not free this instance’s seat streams (their leases will lapse)',
            error,
          ),
        );
      }
      await listening?.unlisten();
      await sessionListening?.unlisten();
    },
  };
  return hub;
}
