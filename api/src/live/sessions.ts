// Which sessions are alive, as this instance knows it (docs/decisions/0030-seat-map-from-memory.md):
// learnt from the database once per session (the seat map's fallback read), then kept current by
// the session_ended channel (migration 0017: a session revoked or deleted; migration 0021: a
// user's role changed, as `user:<id>`), so the seat map checks a session without a round trip.
// An ended session never comes back, so an end heard while its read was in flight wins. Trusted
// only while the hub hears everything (live/heartbeat.ts), and dropped when it may have missed
// something (the listening connection was lost).
import type { Role } from '../auth/tokens.ts';
import type { Db } from '../db/db.ts';

/** How many sessions one instance remembers, alive and ended (each a few dozen bytes). */
export const SESSION_MEMORY_MAX = 100_000;

/** The payload prefix, on session_ended, of a user whose role changed (migration 0021). */
export const USER_CHANGED_PREFIX = 'user:';

export interface KnownSession {
  userId: number;
  role: Role;
}

export class SessionMemory {
  readonly #max: number;
  readonly #alive = new Map<string, KnownSession>();
  readonly #ended = new Map<string, true>();
  // Moves on with every change of a user (and every reset): a read that began before one is
  // not learnt from, whichever user it was.
  #changes = 0;

  constructor(max = SESSION_MEMORY_MAX) {
    this.#max = max;
  }

  /** The session's user if alive, 'ended' when known to be over, undefined when unknown. */
  get(sessionId: string, userId: number): KnownSession | 'ended' | undefined {
    if (this.#ended.has(sessionId)) return 'ended';
    const known = this.#alive.get(sessionId);
    if (!known) return undefined;
    // A token naming another user than its session's is as bad as a dead session.
    return known.userId === userId ? known : 'ended';
  }

  /** Pass to learn() what the database said, read after this was taken. */
  mark(): number {
    return this.#changes;
  }

  /** What a read begun at `mark` found alive (an end or a change heard since wins). */
  learn(sessionId: string, session: KnownSession, mark: number): void {
    if (mark !== this.#changes || this.#ended.has(sessionId)) return;
    this.#alive.delete(sessionId);
    this.#alive.set(sessionId, session);
    trim(this.#alive, this.#max);
  }

  ended(sessionId: string): void {
    this.#alive.delete(sessionId);
    this.#ended.set(sessionId, true);
    trim(this.#ended, this.#max);
  }

  /** The user's role changed: what is known of their sessions is read again. */
  userChanged(userId: number): void {
    this.#changes++;
    for (const [id, known] of this.#alive) if (known.userId === userId) this.#alive.delete(id);
  }

  clear(): void {
    this.#changes++;
    this.#alive.clear();
    this.#ended.clear();
  }
}

function trim(map: Map<string, unknown>, max: number) {
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}

// One per database handle, i.e. per API instance, like the seat maps (live/seat-map-cache.ts).
const memories = new WeakMap<Db, SessionMemory>();

export function sessionMemory(db: Db): SessionMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = new SessionMemory();
    memories.set(db, memory);
  }
  return memory;
}
