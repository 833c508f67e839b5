// Rollout plans: a canary walked through percentage steps on its own, judged against stable on what
// browsers report (telemetry/health.ts judge). The schedule is the plan's row in PostgreSQL, so any
// number of API instances run the same plans: each tick takes a remote's advisory lock without
// waiting (pg_try_advisory_xact_lock) and its plan's row with FOR UPDATE SKIP LOCKED, and acts only
// on what it reads after taking them; a step another instance has just taken is no longer due. The
// tick runs on a timer on every instance (ticker.ts) and after health reports. A step short of
// traffic holds, and after INCONCLUSIVE_AFTER_WINDOWS windows pauses as inconclusive (rules.ts).
import type { Db, Tx } from '../../db/db.ts';
import { changeChannel, snapshot } from '../channels/channels.ts';
import { type Channel, findChannel, stateOf } from '../channels/sql.ts';
import {
  lockTickingRollout,
  type RolloutRow,
  tickingRemotes,
  updateRollout,
} from '../plans/sql.ts';
import type { Remote } from '../registry/rules.ts';
import { insertAudit } from '../registry/sql.ts';
import { type Health, inconclusiveReason, judge, type Verdict } from '../telemetry/health.ts';
import { releaseHealth } from '../telemetry/sql.ts';
import { INCONCLUSIVE_AFTER_WINDOWS } from './rules.ts';

/** What one tick did to a remote's plan. */
export type TickAction =
  | 'advanced'
  | 'promoted'
  | 'rolled_back'
  | 'holding'
  | 'inconclusive'
  | 'waiting'
  | 'skipped'
  | 'ended';

export interface TickResult {
  remote: Remote;
  action: TickAction;
  reason?: string;
}

/** The health of a plan's canary and of stable over the current step (`now` included). */
export async function stepHealth(
  q: Tx | Db,
  plan: RolloutRow,
  channel: Channel,
  now: Date,
): Promise<{ canary: Health; stable: Health }> {
  const since = plan.step_started_at;
  return {
    canary: await releaseHealth(q, { id: plan.release_id, version: plan.version }, since, now),
    stable: await releaseHealth(q, channel.stable, since, now),
  };
}

/** Ends a plan and drops its canary, with the reason on both (and an audit row). */
export async function rollBackPlan(
  tx: Tx,
  plan: RolloutRow,
  channel: Channel,
  change: {
    state: 'rolled_back' | 'aborted';
    reason: string;
    action: string;
    actorId: number | null;
    now: Date;
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  await updateRollout(tx, plan.id, {
    state: change.state,
    stepIndex: plan.step_index,
    stepStartedAt: plan.step_started_at,
    nextStepAt: null,
    reason: change.reason,
    now: change.now,
  });
  if (channel.canary?.id !== plan.release_id) return;
  await changeChannel(tx, {
    remote: plan.remote,
    before: channel,
    state: {
      ...stateOf(channel),
      canaryId: null,
      canaryPercent: 0,
      canarySince: null,
      rolledBackReason: change.reason,
      rolledBackAt: change.now,
    },
    action: change.action,
    actorId: change.actorId,
    now: change.now,
    extra: { reason: change.reason, ...change.extra },
  });
}

/**
 * A due step with too little traffic: it holds (judged again on every tick, over the whole step)
 * until INCONCLUSIVE_AFTER_WINDOWS windows of the plan's interval have passed since it began, its
 * next_step_at then; after that the plan pauses as inconclusive, once, with an audit row (the
 * plan's row lock: no other tick sees it holding any more).
 */
async function holdOrPause(
  tx: Tx,
  plan: RolloutRow,
  channel: Channel,
  hold: { reason: string; canary: Health },
  now: Date,
): Promise<TickResult> {
  const remote = plan.remote;
  const everyMs = plan.every_minutes * 60_000;
  const started = plan.step_started_at.getTime();
  const windows = Math.floor((now.getTime() - started) / everyMs);
  if (windows < INCONCLUSIVE_AFTER_WINDOWS) {
    await updateRollout(tx, plan.id, {
      state: 'holding',
      stepIndex: plan.step_index,
      stepStartedAt: plan.step_started_at,
      nextStepAt: new Date(started + INCONCLUSIVE_AFTER_WINDOWS * everyMs),
      reason: hold.reason,
      now,
    });
    return { remote, action: 'holding', reason: hold.reason };
  }
  const reason = inconclusiveReason(hold.canary, windows, plan.every_minutes);
  await updateRollout(tx, plan.id, {
    state: 'inconclusive',
    stepIndex: plan.step_index,
    stepStartedAt: plan.step_started_at,
    nextStepAt: null,
    reason,
    now,
  });
  // The channel does not change (the canary stays where it is): the audit row says so.
  await insertAudit(tx, {
    actorId: null,
    action: 'rollout_inconclusive',
    remote,
    before: snapshot(channel),
    after: {
      ...snapshot(channel),
      reason,
      rollout_state: 'inconclusive',
      rollout_step: plan.steps[plan.step_index],
    },
    now,
  });
  return { remote, action: 'inconclusive', reason };
}

/** Acts on a locked plan by the verdict: rollback at any time, hold or advance when due. */
async function act(
  tx: Tx,
  plan: RolloutRow,
  channel: Channel,
  judged: { verdict: Verdict; canary: Health },
  now: Date,
): Promise<TickResult> {
  const { verdict } = judged;
  const remote = plan.remote;
  if (verdict.action === 'rollback') {
    await rollBackPlan(tx, plan, channel, {
      state: 'rolled_back',
      reason: verdict.reason,
      action: 'auto_rollback',
      actorId: null,
      now,
      extra: { rollout_state: 'rolled_back', rollout_step: plan.steps[plan.step_index] },
    });
    return { remote, action: 'rolled_back', reason: verdict.reason };
  }
  const due = plan.next_step_at !== null && plan.next_step_at.getTime() <= now.getTime();
  // A holding step is past due already: it advances on the first tick with enough traffic.
  if (!due && plan.state !== 'holding') return { remote, action: 'waiting' };
  if (verdict.action === 'hold') {
    return await holdOrPause(tx, plan, channel, { ...verdict, canary: judged.canary }, now);
  }
  const next = plan.step_index + 1;
  const last = plan.steps.length - 1;
  if (next >= last) {
    // The last step is 100 %: the canary becomes stable rather than serving everyone as canary
    // (with no stable traffic left there would be nothing to compare it with).
    await updateRollout(tx, plan.id, {
      state: 'completed',
      stepIndex: last,
      stepStartedAt: now,
      nextStepAt: null,
      reason: null,
      now,
    });
    await changeChannel(tx, {
      remote,
      before: channel,
      state: {
        stableId: plan.release_id,
        previousStableId: channel.stable.id,
        canaryId: null,
        canaryPercent: 0,
        canarySince: null,
        rolledBackReason: null,
        rolledBackAt: null,
      },
      action: 'rollout_promote',
      actorId: null,
      now,
    });
    return { remote, action: 'promoted' };
  }
  await updateRollout(tx, plan.id, {
    state: 'running',
    stepIndex: next,
    stepStartedAt: now,
    nextStepAt: new Date(now.getTime() + plan.every_minutes * 60_000),
    reason: null,
    now,
  });
  await changeChannel(tx, {
    remote,
    before: channel,
    state: { ...stateOf(channel), canaryPercent: plan.steps[next] ?? 100 },
    action: 'rollout_step',
    actorId: null,
    now,
  });
  return { remote, action: 'advanced' };
}

/** One tick of one remote's plan, in its own transaction. */
export async function tickRemote(db: Db, remote: Remote, now: Date): Promise<TickResult> {
  return await db.transaction(async (tx) => {
    // Another instance (or an admin's change) holds the remote: it is theirs this tick.
    const [lock] = await tx.query<{ got: boolean }>`
      SELECT pg_try_advisory_xact_lock(43, hashtext(${remote}::text)) AS got`;
    if (!lock?.got) return { remote, action: 'skipped' };
    const plan = await lockTickingRollout(tx, remote);
    if (!plan) return { remote, action: 'skipped' };
    const channel = await findChannel(tx, remote);
    if (!channel || channel.canary?.id !== plan.release_id) {
      // The canary moved without the plan noticing (cannot happen through the API); end it.
      await updateRollout(tx, plan.id, {
        state: 'aborted',
        stepIndex: plan.step_index,
        stepStartedAt: plan.step_started_at,
        nextStepAt: null,
        reason: 'The canary was changed outside the rollout.',
        now,
      });
      return { remote, action: 'ended' };
    }
    const { canary, stable } = await stepHealth(tx, plan, channel, now);
    return await act(tx, plan, channel, { verdict: judge(canary, stable), canary }, now);
  });
}

/** Looks at every running or holding plan (or `remote`'s only); paused and inconclusive ones wait
 *  for an admin. */
export async function tickRollouts(
  db: Db,
  now: Date,
  remote: Remote | null = null,
): Promise<TickResult[]> {
  const results: TickResult[] = [];
  for (const each of await tickingRemotes(db, remote)) {
    results.push(await tickRemote(db, each, now));
  }
  return results;
}

// A health report also ticks its remote, at most every ROLLOUT_REPORT_TICK_MS per database handle
// (an optimisation of this instance only: the timer ticks regardless).
const lastReportTick = new WeakMap<Db, Map<Remote, number>>();

/** Whether a report at `now` should tick `remote` (and notes that it does). */
export function reportTickDue(db: Db, remote: Remote, now: Date, everyMs: number): boolean {
  let byRemote = lastReportTick.get(db);
  if (!byRemote) {
    byRemote = new Map();
    lastReportTick.set(db, byRemote);
  }
  const last = byRemote.get(remote);
  if (last !== undefined && Math.abs(now.getTime() - last) < everyMs) return false;
  byRemote.set(remote, now.getTime());
  return true;
}
