// Recording a release whose files were just published to the release store: new, or the same
// remote, version and entry again (publishing is repeatable), never the same version with another
// entry or another entry integrity (a version's files never change: 409); a release recorded
// before integrity was kept gets it from its next publish. A remote's first release becomes its
// stable one; `makeStable` makes this one stable at once. Every change is audited.
import { recordAudit } from '../../audit/sql.ts';
import type { Db } from '../../db/db.ts';
import { conflict } from '../../http/errors.ts';
import { entryMismatch, integrityMismatch, type Remote } from '../registry/rules.ts';
import {
  fillIntegrity,
  findRelease,
  insertAudit,
  insertRelease,
  lockRemote,
  type ReleaseRow,
} from '../registry/sql.ts';
import { changeChannel, snapshot } from './channels.ts';
import { type Channel, findChannel, stateOf } from './sql.ts';

export interface Published {
  created: boolean;
  release: ReleaseRow;
  /** The remote's channel after (null only if it had none and kept none, which cannot happen). */
  channel: Channel | null;
}

export async function publishRelease(
  db: Db,
  publish: {
    remote: Remote;
    version: string;
    entry: string;
    integrity: string | null;
    shared: Record<string, string>;
    makeStable: boolean;
    /** null: a deploy key (releases/keys/access.ts). */
    actorId: number | null;
    now: Date;
  },
): Promise<Published> {
  const { remote, version, entry, actorId, now } = publish;
  return await db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const existing = await findRelease(tx, remote, version);
    if (existing && existing.entry_url !== entry) {
      conflict(entryMismatch(version, remote, existing.entry_url), {
        code: 'version_exists',
      });
    }
    let integrityFilled = false;
    if (existing && publish.integrity !== null && existing.integrity !== null) {
      if (existing.integrity !== publish.integrity) {
        conflict(integrityMismatch(version, remote), { code: 'version_exists' });
      }
    } else if (existing && publish.integrity !== null) {
      const recorded = await fillIntegrity(tx, existing.id, publish.integrity);
      if (recorded !== publish.integrity) {
        conflict(integrityMismatch(version, remote), { code: 'version_exists' });
      }
      integrityFilled = true;
    }
    const releaseId =
      existing?.id ??
      (await insertRelease(tx, {
        remote,
        version,
        entry,
        integrity: publish.integrity,
        shared: publish.shared,
        publishedBy: actorId,
        now,
      }));
    const created = !existing;
    const published = { published: { version, entry } };
    const before = await findChannel(tx, remote);
    let channel = before;

    if (!before) {
      channel = await changeChannel(tx, {
        remote,
        before,
        state: {
          stableId: releaseId,
          previousStableId: null,
          canaryId: null,
          canaryPercent: 0,
          canarySince: null,
          rolledBackReason: null,
          rolledBackAt: null,
        },
        action: 'publish',
        actorId,
        now,
        extra: published,
      });
    } else if (publish.makeStable && before.stable.id !== releaseId) {
      const state = {
        ...stateOf(before),
        stableId: releaseId,
        previousStableId: before.stable.id,
      };
      if (state.canaryId === releaseId) {
        // The canary itself becomes stable: nothing is left to try.
        Object.assign(state, { canaryId: null, canaryPercent: 0, canarySince: null });
      }
      channel = await changeChannel(tx, {
        remote,
        before,
        state,
        action: created ? 'publish' : 'make_stable',
        actorId,
        now,
        extra: published,
      });
    } else if (created) {
      await insertAudit(tx, {
        actorId,
        action: 'publish',
        remote,
        before: snapshot(before),
        after: { ...snapshot(before), ...published },
        now,
      });
    } else if (integrityFilled) {
      // Not a change of the channel (the status' changes list), but of what browsers check:
      // the audit log says who recorded it.
      await recordAudit(tx, {
        at: now,
        actorId,
        action: 'release.published',
        entity: { kind: 'remote', id: remote },
        details: { ...published, integrity: publish.integrity },
      });
    }
    const release = await findRelease(tx, remote, version);
    if (!release) throw new Error('The release just recorded was not found');
    return { created, release, channel };
  });
}
