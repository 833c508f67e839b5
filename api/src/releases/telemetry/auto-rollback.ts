// Recording an outcome report, and the automatic rollback on load failures: after a report about
// a remote's current canary, a canary whose reporters fail too often is dropped at once (see
// AUTO_ROLLBACK_* in rules.ts), with the reason kept on the channel and an audit row without an
// actor.
import type { Db, Tx } from '../../db/db.ts';
import { changeChannel } from '../channels/channels.ts';
import { findChannel, stateOf } from '../channels/sql.ts';
import type { Remote } from '../registry/rules.ts';
import { lockRemote } from '../registry/sql.ts';
import { AUTO_ROLLBACK_WINDOW, autoRollbackReason, type Outcome, shouldRollBack } from './rules.ts';
import { insertEvent, reporterCounts } from './sql.ts';

/** Drops `releaseId` if it is the remote's canary and fails too often; true when it did. */
async function autoRollback(tx: Tx, remote: Remote, releaseId: number, now: Date) {
  await lockRemote(tx, remote);
  const before = await findChannel(tx, remote);
  if (!before?.canary || before.canary.id !== releaseId) return false;
  const counts = await reporterCounts(tx, releaseId, {
    limit: AUTO_ROLLBACK_WINDOW,
    since: before.canary_since,
  });
  if (!shouldRollBack(counts)) return false;
  const reason = autoRollbackReason(counts, before.canary.version);
  await changeChannel(tx, {
    remote,
    before,
    state: {
      ...stateOf(before),
      canaryId: null,
      canaryPercent: 0,
      canarySince: null,
      rolledBackReason: reason,
      rolledBackAt: now,
    },
    action: 'auto_rollback',
    actorId: null,
    now,
    extra: { reason, reporters: counts.reporters, failed: counts.failed },
  });
  return true;
}

/** Records a reporter's outcome for a release; true when it rolled the remote's canary back. */
export async function recordOutcome(
  db: Db,
  report: {
    remote: Remote;
    releaseId: number;
    reporter: string;
    outcome: Outcome;
    detail: string | null;
    now: Date;
  },
): Promise<boolean> {
  const { remote, releaseId, now } = report;
  const canary = (await findChannel(db, remote))?.canary?.id === releaseId;
  return await db.transaction(async (tx) => {
    await insertEvent(tx, {
      releaseId,
      reporter: report.reporter,
      outcome: report.outcome,
      detail: report.detail,
      now,
    });
    // Only a report about the current canary takes the remote's lock.
    return canary ? await autoRollback(tx, remote, releaseId, now) : false;
  });
}
