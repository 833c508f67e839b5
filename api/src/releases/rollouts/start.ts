// Starting a rollout plan: the version becomes the canary at steps[0] % at once; from then on the
// ticker (ticker.ts, rollouts.ts) walks it. One plan per remote at a time (409); the version must
// be published and not the stable one.
import type { Db } from '../../db/db.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { changeChannel } from '../channels/channels.ts';
import { alreadyStable } from '../channels/rules.ts';
import { findChannel, stateOf } from '../channels/sql.ts';
import { rolloutInProgress } from '../plans/rules.ts';
import { findRollout, insertRollout, type RolloutRow } from '../plans/sql.ts';
import { type Remote, unknownVersion } from '../registry/rules.ts';
import { findRelease, lockRemote } from '../registry/sql.ts';

export async function startRollout(
  db: Db,
  start: {
    remote: Remote;
    version: string;
    steps: number[];
    everyMinutes: number;
    /** null: a deploy key (releases/keys/access.ts). */
    actorId: number | null;
    now: Date;
  },
): Promise<RolloutRow | null> {
  const { remote, version, steps, actorId, now } = start;
  return await db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const active = await findRollout(tx, remote, { active: true });
    if (active) {
      conflict(rolloutInProgress(active.version, `mfe-${remote}`), {
        code: 'rollout_in_progress',
      });
    }
    const release = await findRelease(tx, remote, version);
    const before = await findChannel(tx, remote);
    if (!release || !before) {
      notFound(unknownVersion(version, remote), { code: 'unknown_version' });
    }
    if (before.stable.id === release.id) {
      conflict(alreadyStable(version, remote), { code: 'already_stable' });
    }
    await insertRollout(tx, {
      remote,
      releaseId: release.id,
      steps,
      everyMinutes: start.everyMinutes,
      startedBy: actorId,
      now,
    });
    const same = before.canary?.id === release.id;
    await changeChannel(tx, {
      remote,
      before,
      state: {
        ...stateOf(before),
        canaryId: release.id,
        canaryPercent: steps[0] ?? 100,
        canarySince: same ? before.canary_since : now,
        rolledBackReason: null,
        rolledBackAt: null,
      },
      action: 'rollout_start',
      actorId,
      now,
      extra: { rollout_state: 'running', rollout_step: steps[0] },
    });
    return await findRollout(tx, remote, { active: true });
  });
}
