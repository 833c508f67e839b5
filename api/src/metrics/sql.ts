// The statements the metrics run when Prometheus scrapes (metrics/collectors.ts): each reads a
// partial index or a small table, so a scrape costs the database next to nothing.
import type { Queryable } from '../db/db.ts';

export interface BookingState {
  /** Seats under an unexpired hold (seats_held_idx). */
  held_seats: number;
  /** Emails queued and not yet sent or given up (email_queue_due_idx). */
  outbox_depth: number;
  /** Seconds since the oldest of those was queued; 0 when none waits. */
  outbox_oldest_age: number;
}

export async function bookingState(q: Queryable, now: Date): Promise<BookingState> {
  const [row] = await q.query<BookingState>`
    SELECT (SELECT count(*) FROM seats WHERE hold_id IS NOT NULL AND held_until > ${now})::integer
             AS held_seats,
           (SELECT count(*) FROM email_queue WHERE state = 'pending')::integer AS outbox_depth,
           coalesce((SELECT extract(epoch FROM ${now}::timestamptz - min(created_at))
                       FROM email_queue WHERE state = 'pending'), 0)::float8 AS outbox_oldest_age`;
  return row ?? { held_seats: 0, outbox_depth: 0, outbox_oldest_age: 0 };
}

export interface ReleaseState {
  /** Each remote's newest rollout plan and its state. */
  rollouts: { remote: string; state: string }[];
  /** Rollbacks recorded in the release audit, per remote (automatic, of a canary, of stable). */
  rollbacks: { remote: string; count: number }[];
}

export const ROLLBACK_ACTIONS = ['auto_rollback', 'rollback_canary', 'rollback_stable'];

export async function releaseState(q: Queryable): Promise<ReleaseState> {
  const rollouts = await q.query<{ remote: string; state: string }>`
    SELECT DISTINCT ON (remote) remote, state
      FROM release_rollouts
     ORDER BY remote, started_at DESC, id DESC`;
  const rollbacks = await q.query<{ remote: string; count: number }>`
    SELECT remote, count(*)::integer AS count
      FROM release_audit
     WHERE action = ANY(${ROLLBACK_ACTIONS}::text[])
     GROUP BY remote`;
  return { rollouts, rollbacks };
}
