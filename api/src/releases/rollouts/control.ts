// An admin's control of a running plan: pause, resume and abort share the remote's active plan,
// locked with the remote, changed with an audit row in one transaction; answers `{ rollout }`.
import type { Context } from 'hono';
import type { Tx } from '../../db/db.ts';
import { conflict } from '../../http/errors.ts';
import { snapshot } from '../channels/channels.ts';
import { type Channel, findChannel } from '../channels/sql.ts';
import type { ReleaseEnv } from '../keys/access.ts';
import { planJson } from '../plans/json.ts';
import {
  NO_ACTIVE_ROLLOUT,
  ROLLOUT_NOT_PAUSED,
  ROLLOUT_NOT_RUNNING,
  rolloutAborted,
} from '../plans/rules.ts';
import { findRollout, type RolloutRow, updateRollout } from '../plans/sql.ts';
import { remoteParam } from '../registry/remote.ts';
import type { Remote } from '../registry/rules.ts';
import { insertAudit, lockRemote } from '../registry/sql.ts';
import { rollBackPlan } from './rollouts.ts';

type Control = (tx: Tx, plan: RolloutRow, channel: Channel, remote: Remote) => Promise<void>;

export async function answerRolloutChange(
  c: Context<ReleaseEnv>,
  action: 'rollout_pause' | 'rollout_resume' | 'rollout_abort',
  change: Control,
) {
  const remote = remoteParam(c);
  const { db, actor, clock } = c.var;
  const now = clock();
  const plan = await db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const plan = await findRollout(tx, remote, { active: true, lock: true });
    const channel = await findChannel(tx, remote);
    if (!plan || !channel) conflict(NO_ACTIVE_ROLLOUT, { code: 'no_rollout' });
    await change(tx, plan, channel, remote);
    const after = await findRollout(tx, remote);
    if (action !== 'rollout_abort') {
      // Abort changes the channel, which writes its own audit row.
      await insertAudit(tx, {
        actorId: actor.id,
        action,
        remote,
        before: snapshot(channel),
        after: { ...snapshot(channel), rollout_state: after?.state },
        now,
      });
    }
    return after;
  });
  return c.json({ rollout: planJson(plan) });
}

/** The plan stops walking and judging; the canary keeps its percentage (the automatic rollback
 *  on load failures still applies). An inconclusive plan is paused already (409). */
export const pausePlan =
  (username: string, now: Date): Control =>
  async (tx, plan) => {
    if (plan.state === 'paused' || plan.state === 'inconclusive') {
      conflict(ROLLOUT_NOT_RUNNING, { code: 'rollout_not_running' });
    }
    await updateRollout(tx, plan.id, {
      state: 'paused',
      stepIndex: plan.step_index,
      stepStartedAt: plan.step_started_at,
      nextStepAt: null,
      reason: `Paused by ${username}.`,
      now,
    });
  };

/** A paused or inconclusive plan runs again; its current step starts afresh (a whole interval,
 *  judged on the samples from now on, its windows counted from none). */
export const resumePlan =
  (now: Date): Control =>
  async (tx, plan) => {
    if (plan.state !== 'paused' && plan.state !== 'inconclusive') {
      conflict(ROLLOUT_NOT_PAUSED, { code: 'rollout_not_paused' });
    }
    await updateRollout(tx, plan.id, {
      state: 'running',
      stepIndex: plan.step_index,
      stepStartedAt: now,
      nextStepAt: new Date(now.getTime() + plan.every_minutes * 60_000),
      reason: null,
      now,
    });
  };

/** Ends the plan and rolls its canary back, with 'Rollout aborted by <username>.' on both. */
export const abortPlan =
  (actor: { id: number | null; username: string }, now: Date): Control =>
  async (tx, plan, channel) => {
    await rollBackPlan(tx, plan, channel, {
      state: 'aborted',
      reason: rolloutAborted(actor.username),
      action: 'rollout_abort',
      actorId: actor.id,
      now,
      extra: { rollout_state: 'aborted', rollout_step: plan.steps[plan.step_index] },
    });
  };
