// One viewer's Server-Sent Events stream of a show's seat changes (GET shows/{id}/seats/events/):
//
//   retry: 2000                                  first, once
//   id: 41 / event: ready / data: {"version":34} a fresh start: the show's newest change and version
//   id: 42 / event: seats / data: {"show":12,"version":35,"seats":[{"id":5,"status":"held","booked_by":null,"checked_in":false}]}
//   id: 41 / event: reload / data: {}            a resume that cannot be served: refetch the map
//   : ping                                       every heartbeat
//   event: bye / data: {}                        the server ends the stream (token expiry, lost changes)
//   retry: 250 / event: bye / data: {}           the instance shuts down: come back soon (elsewhere)
//   event: bye / data: {"reason":"session_ended"} the login was ended (logout, password reset,
//                                                refresh-token reuse): the reconnect gets a 401
//
// A stream counts against its account's and its network's limits on every instance from before
// the opening is read until it ends (hub.admit; docs/decisions/0026-streams-end-with-their-session.md).
//
// The stream subscribes to the hub BEFORE the opening is read from the database, and holds what
// it hears until the opening is written; then it passes on only changes newer than the last id it
// wrote. So nothing committed between the read and the subscription is lost or sent twice (a
// show's change ids grow in commit order: each change locks the show's row).
import type { Queryable } from '../db/db.ts';
import type { ByeReason, LiveHub, StreamAdmission, Viewer } from './hub.ts';
import { eventsFrom, type SeatEvent, type StreamOwner } from './sql.ts';

/** The client's wait before reconnecting (its own back-off grows from there). */
export const RETRY_MS = 2000;
/**
 * The wait a stream ended by a shutdown asks for: the balancer sends the reconnect to another
 * instance, so there is no reason to wait long (the client adds up to a fifth, spreading them).
 */
export const SHUTDOWN_RETRY_MS = 250;
/** A resume that misses more changes than this gets `reload`: the map is cheaper than the log. */
export const RESUME_MAX_EVENTS = 1000;
// A viewer this many frames behind (a stalled connection) is dropped; it resumes when it can.
const MAX_BACKLOG = 2000;
const MAX_TIMER_MS = 2 ** 31 - 1;

const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');
const BYE = encoder.encode('event: bye\ndata: {}\n\n');
const SHUTDOWN_BYE = encoder.encode(`retry: ${SHUTDOWN_RETRY_MS}\nevent: bye\ndata: {}\n\n`);
const SESSION_ENDED_BYE = encoder.encode('event: bye\ndata: {"reason":"session_ended"}\n\n');
const BYES: Record<ByeReason, Uint8Array> = {
  resume: BYE,
  shutdown: SHUTDOWN_BYE,
  session_ended: SESSION_ENDED_BYE,
};
// When two reasons come before the opening is written, the stronger is said.
const BYE_RANK: Record<ByeReason, number> = { resume: 0, shutdown: 1, session_ended: 2 };
const RETRY = encoder.encode(`retry: ${RETRY_MS}\n\n`);

export const readyFrame = (id: number, version: number) =>
  encoder.encode(`id: ${id}\nevent: ready\ndata: ${JSON.stringify({ version })}\n\n`);

export const reloadFrame = (id: number) => encoder.encode(`id: ${id}\nevent: reload\ndata: {}\n\n`);

/** What is written once per audience: with the bookers' names (an admin, the theater's owner) or not. */
type PerAudience = { bookers?: Uint8Array; public?: Uint8Array };

/** The bytes `make` writes for `key` and this audience, made once however many viewers get them. */
function oncePerAudience<K extends object>(
  cache: WeakMap<K, PerAudience>,
  key: K,
  withBookers: boolean,
  make: () => Uint8Array,
): Uint8Array {
  let made = cache.get(key);
  if (!made) {
    made = {};
    cache.set(key, made);
  }
  const audience = withBookers ? 'bookers' : 'public';
  made[audience] ??= make();
  return made[audience];
}

const framed = new WeakMap<SeatEvent, PerAudience>();

/** A change as `event: seats`; booked_by and checked_in stay only for an admin or the theater's owner. */
export function seatsFrame(event: SeatEvent, withBookers: boolean): Uint8Array {
  return oncePerAudience(framed, event, withBookers, () => {
    const seats = withBookers
      ? event.seats
      : event.seats.map((s) => ({
          id: s.id,
          status: s.status,
          booked_by: null,
          checked_in: false,
        }));
    const data = JSON.stringify({ show: event.show, version: event.version, seats });
    return encoder.encode(`id: ${event.id}\nevent: seats\ndata: ${data}\n\n`);
  });
}

// Changes delivered together (live/hub.ts FANOUT_WINDOW_MS) are written together: the hub passes
// the same array to every viewer of the show.
const framedTogether = new WeakMap<readonly SeatEvent[], PerAudience>();

/** `seatsFrame` of each change, one after the other, as one chunk. */
export function seatsFrames(events: readonly SeatEvent[], withBookers: boolean): Uint8Array {
  if (events.length === 1) return seatsFrame(events[0] as SeatEvent, withBookers);
  return oncePerAudience(framedTogether, events, withBookers, () => {
    const frames = events.map((event) => seatsFrame(event, withBookers));
    const chunk = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
    let at = 0;
    for (const frame of frames) {
      chunk.set(frame, at);
      at += frame.length;
    }
    return chunk;
  });
}

/**
 * A Last-Event-ID (header or ?last_event_id): a whole number the server could have sent, else
 * null (the viewer then gets `reload`).
 */
export function parseLastEventId(raw: string | undefined): number | null | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

export interface Opening {
  frames: Uint8Array[];
  /** The id the viewer has seen up to: later changes only are passed on. */
  lastId: number;
}

/**
 * What a stream starts with. No Last-Event-ID: `ready` with the show's newest change id and its
 * version. A Last-Event-ID: the show's changes after it, if the log still holds all of them, else
 * `reload` (it carries the newest id, so the next resume starts from the map the client refetches).
 *
 * The log holds all of them when: the id is a change of this show still kept, and the versions
 * after it follow on without a gap; or the id is 0 (the show had no change when the viewer came)
 * and the show's kept changes start at version 1. Pruning keeps each show's newest change, so the
 * version of the change a viewer saw last is known as long as anything newer is unseen.
 */
export async function openingFrames(
  q: Queryable,
  c: {
    showId: number;
    head: { version: number; newest: number };
    lastEventId: number | null | undefined;
    withBookers: boolean;
  },
): Promise<Opening> {
  const { head, lastEventId } = c;
  if (lastEventId === undefined) {
    return { frames: [readyFrame(head.newest, head.version)], lastId: head.newest };
  }
  const reload = { frames: [reloadFrame(head.newest)], lastId: head.newest };
  if (lastEventId === null || lastEventId > head.newest) return reload;
  const rows = await eventsFrom(q, {
    showId: c.showId,
    from: lastEventId,
    limit: RESUME_MAX_EVENTS + 2,
  });
  let missed = rows;
  let version = 0;
  if (lastEventId > 0) {
    const [seen, ...rest] = rows;
    if (seen?.id !== lastEventId) return reload; // pruned, or not a change of this show
    version = seen.version;
    missed = rest;
  }
  if (missed.length > RESUME_MAX_EVENTS) return reload;
  for (const event of missed) {
    if (event.version !== ++version) return reload; // a gap: something in between was pruned
  }
  const last = missed.at(-1)?.id ?? lastEventId;
  return { frames: missed.map((e) => seatsFrame(e, c.withBookers)), lastId: last };
}

export interface SeatStream {
  readable: ReadableStream<Uint8Array>;
  /**
   * Takes the stream's place in its account's and network's counts (hub.admit), held until the
   * stream ends; refused when a limit is reached or the session has ended.
   */
  admit(owner: StreamOwner): Promise<StreamAdmission>;
  /** Writes the opening, then what arrived meanwhile, then goes live. */
  begin(opening: Opening, withBookers: boolean): void;
  /** The request failed before the stream was answered: let go of the hub. */
  abort(): void;
}

/**
 * A stream of the show's changes for one viewer, subscribed to the hub at once (see the top of
 * this file); heartbeats every `heartbeatMs`; ends with `bye` when the access token expires
 * (`expiresAt`) or the hub stops, and quietly when the client goes away.
 */
export function createSeatStream(c: {
  hub: LiveHub;
  showId: number;
  // The app's clock (http/context.ts Clock), typed here so live/ does not import http/.
  clock: () => Date;
  heartbeatMs: number;
  expiresAt: Date;
}): SeatStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let begun = false;
  let withBookers = false;
  let lastId = 0;
  let pending: SeatEvent[] = [];
  let byeSaid: ByeReason | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let expiry: ReturnType<typeof setTimeout> | null = null;
  let releaseSlot: (() => void) | null = null;

  const readable = new ReadableStream<Uint8Array>({
    start(ctrl) {
      controller = ctrl;
    },
    cancel() {
      // The client went away.
      finish();
    },
  });

  function finish() {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (heartbeat !== null) clearInterval(heartbeat);
    if (expiry !== null) clearTimeout(expiry);
    pending = [];
    releaseSlot?.();
    releaseSlot = null;
  }

  /** Ends the stream from this side (what is queued is still delivered). */
  function end() {
    finish();
    try {
      controller.close();
    } catch {
      // cancelled by the client meanwhile
    }
  }

  function write(chunk: Uint8Array) {
    if (closed) return;
    if ((controller.desiredSize ?? 0) < -MAX_BACKLOG) {
      // Not reading: end it; what is queued is still delivered, then the client resumes.
      end();
      return;
    }
    controller.enqueue(chunk);
  }

  function bye(reason: ByeReason = 'resume') {
    if (closed) return;
    if (!begun) {
      // Before the opening: end with bye as soon as it is written.
      if (byeSaid === null || BYE_RANK[reason] > BYE_RANK[byeSaid]) byeSaid = reason;
      return;
    }
    write(BYES[reason]);
    end();
  }

  // The token's life left when the stream began, counted in real time (the heartbeat also
  // compares the clock, which tests move by hand).
  let endsAt = 0;
  function armExpiry() {
    const left = endsAt - performance.now();
    if (left <= 0) return bye();
    expiry = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS));
  }

  function pass(events: readonly SeatEvent[]) {
    // Only what is newer than the opening; usually all of it, so the frames are shared.
    const fresh = events.every((e) => e.id > lastId) ? events : events.filter((e) => e.id > lastId);
    const last = fresh.at(-1);
    if (!last) return;
    lastId = last.id;
    write(seatsFrames(fresh, withBookers));
  }

  const viewer: Viewer = {
    events(events) {
      if (closed) return;
      if (begun) pass(events);
      else pending.push(...events);
    },
    bye,
  };
  const unsubscribe = c.hub.subscribe(c.showId, viewer);
  controller.enqueue(RETRY);

  return {
    readable,
    async admit(owner) {
      const admission = await c.hub.admit(owner, viewer);
      if (admission.ok) {
        if (closed) admission.release();
        else releaseSlot = admission.release;
      }
      return admission;
    },
    begin(opening, bookers) {
      if (closed) return;
      begun = true;
      if (byeSaid === 'session_ended') {
        // Nothing more for a login that has ended, not even what the opening read.
        pending = [];
        return bye(byeSaid);
      }
      withBookers = bookers;
      lastId = opening.lastId;
      for (const frame of opening.frames) write(frame);
      const held = pending;
      pending = [];
      pass(held);
      if (byeSaid) return bye(byeSaid);
      heartbeat = setInterval(() => {
        // A clock moved by hand (tests) is noticed here too.
        if (c.clock() >= c.expiresAt) bye();
        else write(PING);
      }, c.heartbeatMs);
      endsAt = performance.now() + (c.expiresAt.getTime() - c.clock().getTime());
      armExpiry();
    },
    abort: end,
  };
}
