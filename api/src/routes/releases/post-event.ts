// POST /api/releases/events/ (public, rate limited per client IP) {remote, version, outcome,
// ticket, detail?}: how a release fared in a browser; the shell reports each load of a canary and
// each failure to load or render one. Only with the report ticket the manifest gave that browser
// for this remote and version (tickets.ts): none is a 400, a forged, expired or mismatched one a
// 403, and nothing is recorded. The ticket's reporter is who reports. After a report about a
// remote's current canary, a canary whose reporters fail too often is dropped at once (see
// AUTO_ROLLBACK_* in rules.ts), with the reason kept on the channel and an audit row without an
// actor.
import type { Tx } from '../../db/db.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { changeChannel } from './channels.ts';
import { admitReport } from './report-gate.ts';
import {
  AUTO_ROLLBACK_WINDOW,
  autoRollbackReason,
  EVENTS_PER_MINUTE,
  type Remote,
  shouldRollBack,
  TOO_MANY_EVENTS,
} from './rules.ts';
import { EventAnswerSchema, postEventSchema } from './schemas.ts';
import { findChannel, insertEvent, lockRemote, reporterCounts, stateOf } from './sql.ts';

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

export const postEvent = factory.createHandlers(
  describe({
    summary: 'Report how a canary loaded (needs a report ticket)',
    tags: ['releases'],
    answers: {
      202: answer(
        'Recorded; rolled_back when it triggered the automatic rollback',
        EventAnswerSchema,
      ),
    },
    errors: [400, [403, 'Invalid, expired or mismatched ticket.'], 404, 429],
  }),
  validate('json', postEventSchema),
  async (c) => {
    const { db } = c.var;
    const body = c.req.valid('json');
    const { now, ticket, remote, release } = await admitReport(c, body, {
      kind: 'release-events',
      max: EVENTS_PER_MINUTE,
      message: TOO_MANY_EVENTS,
    });

    const canary = (await findChannel(db, remote))?.canary?.id === release.id;
    const rolledBack = await db.transaction(async (tx) => {
      await insertEvent(tx, {
        releaseId: release.id,
        reporter: ticket.reporter,
        outcome: body.outcome,
        detail: body.detail,
        now,
      });
      // Only a report about the current canary takes the remote's lock.
      return canary ? await autoRollback(tx, remote, release.id, now) : false;
    });
    return c.json({ recorded: true, rolled_back: rolledBack }, 202);
  },
);
