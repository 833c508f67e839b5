// Knowing that this instance has heard everything (docs/decisions/0030-seat-map-from-memory.md).
// The seat map is answered from memory only while every seat change and every ended session
// committed more than a moment ago has reached this instance. A listening connection can stall
// or drop without a word, so the instance asks: it notifies ITSELF on both channels (one
// statement) and, once both echoes are back, knows every commit before the ping was sent has
// been delivered (PostgreSQL delivers a listener's notifications in commit order). Pings go out
// only while the map is asked for (`demand`), a few times a second; an instance whose echoes stop
// answers from the database again (the fallback of routes/shows/get-show-seats.ts).

import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.ts';
import type { Logger } from '../logger.ts';

/** How often a ping goes out while the seat map is asked for (without waiting for the last). */
export const PING_EVERY_MS = 100;
/** Pings in flight at most (a database that does not answer is not asked ever more). */
const MAX_IN_FLIGHT = 5;
/**
 * How old the newest echoed ping may be for memory to count as current: a change committed
 * before that ping was sent has been heard, so a change is never unseen for longer than this,
 * inside the 1 s the rules allow with a margin for the answer's own way out.
 */
export const FRESH_FOR_MS = 800;
/** Pings continue this long after the last ask. */
const DEMAND_MS = 5000;

// The payload prefix of a ping on session_ended (never a session id: those are uuids).
const SESSION_PING = 'ping:';

export interface Heartbeat {
  /** Whether the newest echoed ping is recent; notes the ask (pings keep going while asked). */
  current(): boolean;
  /**
   * A seat_events payload that is a ping (handled here): true. Others' pings are ignored too.
   */
  seatPayload(parsed: { ping?: unknown }): boolean;
  /** A session_ended payload that is a ping (handled here): true. */
  sessionPayload(text: string): boolean;
  /** Forget every echo (the listening connection was lost: what it delivered proves nothing). */
  reset(): void;
  /** Pings may go out (the hub listens on both channels). */
  start(): void;
  stop(): Promise<void>;
}

export function createHeartbeat(deps: {
  db: Db;
  logger: Logger;
  seatChannel: string;
  sessionChannel: string;
}): Heartbeat {
  const { db, logger, seatChannel, sessionChannel } = deps;
  const instance = randomUUID();
  // Pings in flight: number -> when sent and which echoes are back.
  const pending = new Map<number, { sentAt: number; seat: boolean; session: boolean }>();
  let seq = 0;
  let confirmedAt = Number.NEGATIVE_INFINITY;
  let askedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const sending = new Set<Promise<void>>();
  let started = false;
  let stopped = false;

  const asked = () => performance.now() - askedAt <= DEMAND_MS;

  /** A ping now, unless one is due (each sets the next while asked). */
  function schedule() {
    if (!started || stopped || timer !== null || !asked()) return;
    timer = setTimeout(ping, 0);
  }

  function ping() {
    timer = null;
    if (stopped) return;
    if (asked()) timer = setTimeout(ping, PING_EVERY_MS);
    if (sending.size >= MAX_IN_FLIGHT) return;
    const n = ++seq;
    pending.set(n, { sentAt: performance.now(), seat: false, session: false });
    // Pings never answered (a connection lost meanwhile) are dropped after a while.
    for (const [k] of pending) if (k < n - 50) pending.delete(k);
    const seatPing = JSON.stringify({ ping: `${instance}:${n}` });
    const sessionPing = `${SESSION_PING}${instance}:${n}`;
    const sent: Promise<void> = db.query`
      SELECT pg_notify(${seatChannel}, ${seatPing}), pg_notify(${sessionChannel}, ${sessionPing})`
      .then(
        () => {},
        (error) => logger.error('Could not send the seat map’s heartbeat', error),
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  function echo(text: string, channel: 'seat' | 'session') {
    const [from, n] = text.split(':');
    if (from !== instance) return;
    const entry = pending.get(Number(n));
    if (!entry) return;
    entry[channel] = true;
    if (!entry.seat || !entry.session) return;
    confirmedAt = Math.max(confirmedAt, entry.sentAt);
    for (const [k] of pending) if (k <= Number(n)) pending.delete(k);
  }

  return {
    current() {
      askedAt = performance.now();
      schedule();
      return started && !stopped && askedAt - confirmedAt < FRESH_FOR_MS;
    },
    seatPayload(parsed) {
      if (typeof parsed.ping !== 'string') return false;
      echo(parsed.ping, 'seat');
      return true;
    },
    sessionPayload(text) {
      if (!text.startsWith(SESSION_PING)) return false;
      echo(text.slice(SESSION_PING.length), 'session');
      return true;
    },
    reset() {
      pending.clear();
      confirmedAt = Number.NEGATIVE_INFINITY;
    },
    start() {
      started = true;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await Promise.all([...sending]);
    },
  };
}
