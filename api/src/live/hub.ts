// The live seat map of one API instance (docs/decisions/0014-live-seat-map-on-postgresql.md). ONE
// listening connection per instance, on the seat_events channel that booking/sql.ts
// recordSeatChange notifies in the same transaction as every seat write, fans each change out to
// the streams of that show open on this instance; so every viewer on every instance hears a write
// within a moment of its commit. The same changes keep this instance's seat maps current
// (`follow`, routes/shows/seat-map-cache.ts), and a heartbeat tells when everything committed a
// moment ago has been heard (live/heartbeat.ts), so the seat map can be answered from memory
// (docs/decisions/0030-seat-map-from-memory.md).
//
// It also runs the expiry sweep (live/sweep.ts), and keeps the streams to their session and their
// limits across every instance (live/slots.ts; docs/decisions/0026-streams-end-with-their-session.md):
// a second LISTEN, on session_ended (notified by the sessions triggers of migration 0017 in the
// transaction that ends a session, and by migration 0021's when a user's role changes), ends that
// session's streams here at commit and keeps what this instance knows of sessions current
// (live/sessions.ts).

import { SEAT_EVENTS_CHANNEL } from '../booking/sql.ts';
import type { Config } from '../config.ts';
import type { Db, Listening } from '../db/db.ts';
import { nextDbGeneration } from '../db/generation.ts';
import type { Logger } from '../logger.ts';
import { createHeartbeat } from './heartbeat.ts';
import { sessionMemory, USER_CHANGED_PREFIX } from './sessions.ts';
import { createStreamSlots, type StreamAdmission } from './slots.ts';
import {
  eventById,
  SESSION_ENDED_CHANNEL,
  type SeatChange,
  type SeatEvent,
  type StreamOwner,
} from './sql.ts';
import { createExpirySweep } from './sweep.ts';

export type { StreamAdmission } from './slots.ts';

/** Someone on this instance watching a show (a stream, live/stream.ts). */
export interface Viewer {
  /**
   * Changes of the show, in commit order: one, or those heard within FANOUT_WINDOW_MS of the
   * show's last delivery. The same array goes to every viewer of the show.
   */
  events(events: readonly SeatEvent[]): void;
  /**
   * End the stream; the client resumes from its last id. 'shutdown': this instance is stopping,
   * so the client should come back soon (to another instance behind the balancer);
   * 'session_ended': the viewer's login was ended (its reconnect gets a 401); otherwise changes
   * were lost that the log can replay.
   */
  bye(reason?: ByeReason): void;
}

export type ByeReason = 'resume' | 'shutdown' | 'session_ended';

/** How long a stream's row counts without renewal, and how often the instance renews them. */
export const STREAM_LEASE_SECONDS = 60;
export const STREAM_RENEW_MS = 20_000;

/**
 * The NOTIFY payload recordSeatChange sends. `owners`: for each changed seat now booked or held,
 * [seat id, the booker's or holder's user id, held_until in epoch ms or null]; absent (like
 * `seats`) when the change was too big for one notification.
 */
export interface SeatNotification {
  id: number;
  show: number;
  version: number;
  seats: SeatChange[] | null;
  owners?: [number, number, number | null][] | null;
  next_expiry: string | null;
}

/** Something kept current from every seat change this instance hears (a seat map cache). */
export interface SeatChangeFollower {
  heard(change: SeatNotification): void;
  /** Changes may have been missed: forget whatever was kept. */
  reset(): void;
}

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
  /** `follower` hears every seat change from now on (once, however often it is passed). */
  follow(follower: SeatChangeFollower): void;
  /**
   * The generation of this instance's listening while it listens (it moves on each time the
   * LISTENs come (back) in force, when followers and the session memory are reset), else null.
   * What was read from the database after it was taken is kept current by what is heard.
   */
  epoch(): number | null;
  /**
   * The epoch when everything committed before a moment ago (well under 1 s) has been heard here
   * (live/heartbeat.ts), else null: answer from the database. Keeps the heartbeat going.
   */
  current(): number | null;
  /**
   * For the metrics, read when scraped (metrics/collectors.ts): streams subscribed here now, and
   * seat changes passed to them so far (one per change per stream).
   */
  stats?(): { streams: number; delivered: number };
  /** Says bye to every viewer, stops listening and the timer. New streams get a bye at once. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

/**
 * A show's changes heard within this long of its last delivery wait and go together: at an
 * on-sale a change every few milliseconds goes to each of hundreds of open maps, and one write of
 * several frames costs each stream (and each browser) what one frame did
 * (docs/decisions/0051-seat-changes-delivered-together.md). The first change after a pause goes
 * at once.
 */
export const FANOUT_WINDOW_MS = 25;

// Epochs are unique in the process: a snapshot kept by one hub's epoch is never taken for
// another's (two apps on one Db in tests share its caches).
let lastEpoch = 0;

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
  const { db, logger } = deps;
  const lease = deps.streamLease ?? { seconds: STREAM_LEASE_SECONDS, renewMs: STREAM_RENEW_MS };
  const viewers = new Map<number, Set<Viewer>>();
  const followers = new Set<SeatChangeFollower>();
  const sessions = sessionMemory(db);
  const sweep = createExpirySweep(deps);
  const slots = createStreamSlots({ ...deps, lease });
  const heartbeat = createHeartbeat({
    db,
    logger,
    seatChannel: SEAT_EVENTS_CHANNEL,
    sessionChannel: SESSION_ENDED_CHANNEL,
  });
  let started: Promise<void> | null = null;
  let listening: Listening | null = null;
  let sessionListening: Listening | null = null;
  let stopped = false;
  // 0: not listening (yet).
  let generation = 0;

  // Notifications are handled one after another: one may need a read (its seats left out of the
  // NOTIFY), and viewers must get a show's changes in commit order.
  let queue: Promise<void> = Promise.resolve();

  let delivered = 0;
  // Per show: when its changes last went out, and those waiting for the window to end.
  const lastDelivery = new Map<number, number>();
  const waiting = new Map<number, { events: SeatEvent[]; timer: ReturnType<typeof setTimeout> }>();
  function deliver(event: SeatEvent) {
    if (!viewers.has(event.show)) return;
    const held = waiting.get(event.show);
    if (held) {
      held.events.push(event);
      return;
    }
    const since = performance.now() - (lastDelivery.get(event.show) ?? Number.NEGATIVE_INFINITY);
    if (since >= FANOUT_WINDOW_MS) return deliverNow(event.show, [event]);
    const timer = setTimeout(() => {
      const due = waiting.get(event.show);
      waiting.delete(event.show);
      if (due) deliverNow(event.show, due.events);
    }, FANOUT_WINDOW_MS - since);
    waiting.set(event.show, { events: [event], timer });
  }
  function deliverNow(showId: number, events: readonly SeatEvent[]) {
    lastDelivery.set(showId, performance.now());
    const watching = viewers.get(showId);
    if (!watching) {
      lastDelivery.delete(showId);
      return;
    }
    delivered += watching.size * events.length;
    for (const viewer of watching) viewer.events(events);
  }

  function onPayload(text: string) {
    let n: SeatNotification & { ping?: unknown };
    try {
      n = JSON.parse(text);
    } catch (error) {
      logger.error('Unreadable seat_events notification', error);
      return;
    }
    if (heartbeat.seatPayload(n)) return;
    if (n.next_expiry) sweep.heard(Date.parse(n.next_expiry));
    // At once, in order: the heartbeat's echo that follows must find the maps current.
    for (const follower of followers) follower.heard(n);
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

  function onSessionPayload(text: string) {
    if (heartbeat.sessionPayload(text)) return;
    if (text.startsWith(USER_CHANGED_PREFIX)) {
      sessions.userChanged(Number(text.slice(USER_CHANGED_PREFIX.length)));
      return;
    }
    sessions.ended(text);
    slots.sessionEnded(text);
  }

  function byeTo(showId: number, reason: ByeReason = 'resume') {
    for (const viewer of [...(viewers.get(showId) ?? [])]) viewer.bye(reason);
  }

  // Both LISTENs are in force (again): what is kept from before may have missed changes.
  function inForce() {
    generation = ++lastEpoch;
    heartbeat.reset();
    sessions.clear();
    for (const follower of followers) follower.reset();
  }

  // The listening connection was lost and is back: what was notified meanwhile is gone. The
  // streams end; their clients reconnect with Last-Event-ID and get the missed changes from the
  // log. And expiries may have been missed: ask the table. The server may not even be the same
  // one (a failover): what this instance keeps of the seat maps is read afresh (db/generation.ts).
  function onReconnect() {
    nextDbGeneration(db);
    inForce();
    for (const showId of [...viewers.keys()]) byeTo(showId);
    void sweep.refresh();
  }

  // A session ended while the connection was lost went unheard: the renewal asks.
  function onSessionReconnect() {
    inForce();
    slots.renew();
  }

  const hub: LiveHub = {
    get stopped() {
      return stopped;
    },
    start() {
      if (stopped) return Promise.resolve();
      started ??= (async () => {
        listening = await db.listen(SEAT_EVENTS_CHANNEL, onPayload, onReconnect);
        try {
          sessionListening = await db.listen(
            SESSION_ENDED_CHANNEL,
            onSessionPayload,
            onSessionReconnect,
          );
        } catch (error) {
          await listening.unlisten(); // the next start listens to both again
          throw error;
        }
        if (stopped) {
          await listening.unlisten();
          await sessionListening.unlisten();
          return;
        }
        inForce();
        heartbeat.start();
        await sweep.refresh();
        sweep.start();
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
        if (current.size === 0) {
          viewers.delete(showId);
          lastDelivery.delete(showId);
        }
      };
    },
    admit: (owner, viewer) => slots.admit(owner, viewer),
    follow(follower) {
      followers.add(follower);
    },
    epoch() {
      return stopped || generation === 0 ? null : generation;
    },
    current() {
      const epoch = hub.epoch();
      return epoch !== null && heartbeat.current() ? epoch : null;
    },
    stats() {
      let streams = 0;
      for (const set of viewers.values()) streams += set.size;
      return { streams, delivered };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      generation = 0;
      // Synchronously first: no renewal or single release from here on.
      const slotsStopped = slots.stop();
      const sweepStopped = sweep.stop();
      const heartbeatStopped = heartbeat.stop();
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
      for (const showId of [...viewers.keys()]) byeTo(showId, 'shutdown');
      viewers.clear();
      await started?.catch(() => {});
      await sweepStopped;
      await heartbeatStopped;
      await queue;
      await slotsStopped;
      await listening?.unlisten();
      await sessionListening?.unlisten();
    },
  };
  return hub;
}
