// What every change to a remote's channel shares: the change saved together with its audit row
// (ending the remote's rollout plan when its canary moves away), the admin's change in one
// locked transaction, and the JSON the API answers with.
import type { Context } from 'hono';
import type { Db, Tx } from '../../db/db.ts';
import type { AppEnv } from '../../http/context.ts';
import { findRollout, updateRollout } from '../plans/sql.ts';
import { remoteParam } from '../registry/remote.ts';
import type { Remote } from '../registry/rules.ts';
import { insertAudit, lockRemote } from '../registry/sql.ts';
import {
  type Channel,
  type ChannelState,
  findChannel,
  type ReleaseRef,
  saveChannel,
} from './sql.ts';

/** A channel as the audit log keeps it: versions, not ids. */
export function snapshot(channel: Channel | null) {
  if (!channel) return null;
  return {
    stable: channel.stable.version,
    previous_stable: channel.previous_stable?.version ?? null,
    canary: channel.canary?.version ?? null,
    canary_percent: channel.canary_percent,
  };
}

/**
 * Saves a remote's channel and writes the audit row of the change, in the caller's transaction
 * (which holds lockRemote). `after` extras (e.g. the release published) join the after snapshot.
 */
export async function changeChannel(
  tx: Tx,
  change: {
    remote: Remote;
    before: Channel | null;
    state: ChannelState;
    action: string;
    actorId: number | null;
    now: Date;
    extra?: Record<string, unknown>;
  },
): Promise<Channel> {
  await saveChannel(tx, change.remote, change.state, change.now);
  const after = await findChannel(tx, change.remote);
  if (!after) throw new Error(`The ${change.remote} channel was not saved`);
  await endRolloutIfCanaryMoved(tx, after, change.now);
  await insertAudit(tx, {
    actorId: change.actorId,
    action: change.action,
    remote: change.remote,
    before: snapshot(change.before),
    after: { ...snapshot(after), ...change.extra },
    now: change.now,
  });
  return after;
}

/**
 * A rollout plan lives only while its release is the remote's canary: when a change moves the
 * canary away (an admin's promote, rollback or other canary, the automatic rollback on load
 * failures), the active plan ends with it: 'completed' when its release became stable, else
 * 'rolled_back' with the channel's reason, or 'aborted' when another canary replaced it. The
 * rollout's own changes end their plan before they change the channel, so they pass through.
 */
async function endRolloutIfCanaryMoved(tx: Tx, after: Channel, now: Date): Promise<void> {
  const plan = await findRollout(tx, after.remote, { active: true });
  if (!plan || after.canary?.id === plan.release_id) return;
  const promoted = after.stable.id === plan.release_id;
  const state = promoted ? 'completed' : after.canary ? 'aborted' : 'rolled_back';
  const reason = promoted
    ? 'Promoted to stable by hand.'
    : after.canary
      ? `Replaced by canary ${after.canary.version}.`
      : (after.rolled_back_reason ?? 'The canary was dropped.');
  await updateRollout(tx, plan.id, {
    state,
    stepIndex: plan.step_index,
    stepStartedAt: plan.step_started_at,
    nextStepAt: null,
    reason,
    now,
  });
}

/**
 * An admin's change to the channel of the path's remote: `change` runs in one transaction that
 * holds the remote's lock, given the channel as it is (null before the first release), and
 * returns the channel it leaves (or throws: a 404 or 409 changes nothing). Answers `{ channel }`.
 */
export async function answerChannelChange<Env extends AppEnv>(
  c: Context<Env>,
  change: (tx: Tx, before: Channel | null, remote: Remote) => Promise<Channel>,
) {
  const remote = remoteParam(c);
  const db: Db = c.get('db');
  const channel = await db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    return await change(tx, await findChannel(tx, remote), remote);
  });
  return c.json({ channel: channelJson(remote, channel) });
}

export const releaseJson = (release: ReleaseRef) => ({
  version: release.version,
  entry: release.entry,
  published_at: release.published_at,
});

/** A remote's channel as the API shows it to admins; all null before its first release. */
export function channelJson(remote: Remote, channel: Channel | null) {
  return {
    remote,
    stable: channel ? releaseJson(channel.stable) : null,
    previous_stable: channel?.previous_stable ? releaseJson(channel.previous_stable) : null,
    canary: channel?.canary
      ? {
          ...releaseJson(channel.canary),
          percent: channel.canary_percent,
          since: channel.canary_since,
        }
      : null,
    rolled_back_reason: channel?.rolled_back_reason ?? null,
    rolled_back_at: channel?.rolled_back_at ?? null,
    updated_at: channel?.updated_at ?? null,
  };
}
