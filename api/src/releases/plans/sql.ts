// The SQL of rollout plans: one row per plan, its steps and where it stands. Callers pass `db`
// or, inside a transaction, `tx`.
import type { Queryable } from '../../db/db.ts';
import type { Remote } from '../registry/rules.ts';
import type { RolloutState } from './rules.ts';

export interface RolloutRow {
  id: number;
  remote: Remote;
  release_id: number;
  version: string;
  steps: number[];
  every_minutes: number;
  step_index: number;
  state: RolloutState;
  step_started_at: Date;
  next_step_at: Date | null;
  reason: string | null;
  started_at: Date;
  updated_at: Date;
}

export async function insertRollout(
  q: Queryable,
  plan: {
    remote: Remote;
    releaseId: number;
    steps: number[];
    everyMinutes: number;
    startedBy: number | null;
    now: Date;
  },
): Promise<number> {
  const next = new Date(plan.now.getTime() + plan.everyMinutes * 60_000);
  const [row] = await q.query<{ id: number }>`
    INSERT INTO release_rollouts (remote, release_id, steps, every_minutes, step_index, state,
                                  step_started_at, next_step_at, started_by, started_at,
                                  updated_at)
    VALUES (${plan.remote}, ${plan.releaseId}, ${plan.steps}::integer[], ${plan.everyMinutes}, 0,
            'running', ${plan.now}, ${next}, ${plan.startedBy}, ${plan.now}, ${plan.now})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO release_rollouts returned no row');
  return row.id;
}

/**
 * A remote's plan: the active one (running, paused, holding or inconclusive) when there is one, else the newest
 * (`active` true: only an active one). `lock` takes its row lock (FOR UPDATE).
 */
export async function findRollout(
  q: Queryable,
  remote: Remote,
  { active = false, lock = false }: { active?: boolean; lock?: boolean } = {},
): Promise<RolloutRow | null> {
  const rows = lock
    ? await q.query<RolloutRow>`
        SELECT o.id, o.remote, o.release_id, r.version, o.steps, o.every_minutes, o.step_index,
               o.state, o.step_started_at, o.next_step_at, o.reason, o.started_at, o.updated_at
          FROM release_rollouts o JOIN releases r ON r.id = o.release_id
         WHERE o.remote = ${remote} AND o.state IN ('running', 'paused', 'holding', 'inconclusive')
           FOR UPDATE OF o`
    : await q.query<RolloutRow>`
        SELECT o.id, o.remote, o.release_id, r.version, o.steps, o.every_minutes, o.step_index,
               o.state, o.step_started_at, o.next_step_at, o.reason, o.started_at, o.updated_at
          FROM release_rollouts o JOIN releases r ON r.id = o.release_id
         WHERE o.remote = ${remote}
           AND (NOT ${active}::boolean OR o.state IN ('running', 'paused', 'holding', 'inconclusive'))
         ORDER BY (o.state IN ('running', 'paused', 'holding', 'inconclusive')) DESC, o.started_at DESC, o.id DESC
         LIMIT 1`;
  return rows[0] ?? null;
}

/** The remotes whose plan the ticker looks at (running or holding), soonest due first. */
export async function tickingRemotes(q: Queryable, remote: Remote | null): Promise<Remote[]> {
  const rows = await q.query<{ remote: Remote }>`
    SELECT remote FROM release_rollouts
     WHERE state IN ('running', 'holding')
       AND (${remote}::text IS NULL OR remote = ${remote}::text)
     ORDER BY next_step_at`;
  return rows.map((row) => row.remote);
}

/**
 * The remote's running or holding plan, locked for this transaction, or null when there is none or
 * another transaction (another instance's tick) has it: SKIP LOCKED, so ticks never queue up
 * behind each other and never act twice on one step.
 */
export async function lockTickingRollout(q: Queryable, remote: Remote): Promise<RolloutRow | null> {
  const [row] = await q.query<RolloutRow>`
    SELECT o.id, o.remote, o.release_id, r.version, o.steps, o.every_minutes, o.step_index,
           o.state, o.step_started_at, o.next_step_at, o.reason, o.started_at, o.updated_at
      FROM release_rollouts o JOIN releases r ON r.id = o.release_id
     WHERE o.remote = ${remote} AND o.state IN ('running', 'holding')
       FOR UPDATE OF o SKIP LOCKED`;
  return row ?? null;
}

/** Writes a plan's moving parts. */
export async function updateRollout(
  q: Queryable,
  id: number,
  change: {
    state: RolloutState;
    stepIndex: number;
    stepStartedAt: Date;
    nextStepAt: Date | null;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query`
    UPDATE release_rollouts
       SET state = ${change.state}, step_index = ${change.stepIndex},
           step_started_at = ${change.stepStartedAt}, next_step_at = ${change.nextStepAt},
           reason = ${change.reason}, updated_at = ${change.now}
     WHERE id = ${id}`;
}
