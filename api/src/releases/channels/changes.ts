// An admin's changes to a remote's channel, each given the channel as it is inside the locked
// transaction of answerChannelChange (channels.ts) and returning the channel it leaves; a 404 or
// 409 changes nothing.
import type { Tx } from '../../db/db.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type Remote, unknownVersion } from '../registry/rules.ts';
import { findRelease } from '../registry/sql.ts';
import { changeChannel } from './channels.ts';
import { alreadyStable, NO_CANARY, NO_EARLIER_STABLE } from './rules.ts';
import { type Channel, stateOf } from './sql.ts';

/** An admin, or a deploy key (no user: `username` is its label, releases/keys/access.ts). */
interface Actor {
  id: number | null;
  username: string;
}

/**
 * Makes a published version the canary for `percent` % of browsers (0 pauses it), or changes the
 * percentage of the current canary. A new canary clears the note of the last rollback.
 */
export async function setCanary(
  tx: Tx,
  before: Channel | null,
  remote: Remote,
  change: { version: string; percent: number; actor: Actor; now: Date },
): Promise<Channel> {
  const { version, percent, actor, now } = change;
  const release = await findRelease(tx, remote, version);
  // A remote's first release creates its channel, so a known version always has one.
  if (!release || !before) notFound(unknownVersion(version, remote), { code: 'unknown_version' });
  if (before.stable.id === release.id) {
    conflict(alreadyStable(version, remote), { code: 'already_stable' });
  }
  const same = before.canary?.id === release.id;
  return await changeChannel(tx, {
    remote,
    before,
    state: {
      ...stateOf(before),
      canaryId: release.id,
      canaryPercent: percent,
      canarySince: same ? before.canary_since : now,
      rolledBackReason: same ? before.rolled_back_reason : null,
      rolledBackAt: same ? before.rolled_back_at : null,
    },
    action: 'canary',
    actorId: actor.id,
    now,
  });
}

/** The canary becomes stable; the stable it replaces is remembered for a rollback. */
export async function promoteCanary(
  tx: Tx,
  before: Channel | null,
  remote: Remote,
  { actor, now }: { actor: Actor; now: Date },
): Promise<Channel> {
  if (!before?.canary) conflict(NO_CANARY, { code: 'no_canary' });
  return await changeChannel(tx, {
    remote,
    before,
    state: {
      stableId: before.canary.id,
      previousStableId: before.stable.id,
      canaryId: null,
      canaryPercent: 0,
      canarySince: null,
      rolledBackReason: null,
      rolledBackAt: null,
    },
    action: 'promote',
    actorId: actor.id,
    now,
  });
}

/**
 * Drops the canary when there is one; otherwise returns stable to the previous stable version
 * (once: the one before that is not remembered).
 */
export async function rollBack(
  tx: Tx,
  before: Channel | null,
  remote: Remote,
  { actor, now }: { actor: Actor; now: Date },
): Promise<Channel> {
  if (before?.canary) {
    return await changeChannel(tx, {
      remote,
      before,
      state: {
        ...stateOf(before),
        canaryId: null,
        canaryPercent: 0,
        canarySince: null,
        rolledBackReason: `Canary ${before.canary.version} rolled back by ${actor.username}.`,
        rolledBackAt: now,
      },
      action: 'rollback_canary',
      actorId: actor.id,
      now,
    });
  }
  if (!before?.previous_stable) conflict(NO_EARLIER_STABLE, { code: 'no_earlier_stable' });
  return await changeChannel(tx, {
    remote,
    before,
    state: {
      ...stateOf(before),
      stableId: before.previous_stable.id,
      previousStableId: null,
      rolledBackReason: `Stable ${before.stable.version} rolled back to ${before.previous_stable.version} by ${actor.username}.`,
      rolledBackAt: now,
    },
    action: 'rollback_stable',
    actorId: actor.id,
    now,
  });
}
