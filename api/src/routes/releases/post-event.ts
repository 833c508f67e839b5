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
import { forbidden, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { consume, throwIfBlocked } from '../../http/rate-limit.ts';
import { changeChannel, knownRemote } from './channels.ts';
import {
  AUTO_ROLLBACK_WINDOW,
  autoRollbackReason,
  EVENTS_PER_MINUTE,
  type Remote,
  shouldRollBack,
  TICKET_EXPIRED,
  TICKET_INVALID,
  TICKET_MISMATCH,
  TOO_MANY_EVENTS,
  unknownVersion,
} from './rules.ts';
import { EventAnswerSchema, postEventSchema } from './schemas.ts';
import {
  findChannel,
  findRelease,
  insertEvent,
  lockRemote,
  reporterCounts,
  stateOf,
} from './sql.ts';
import { verifyReportTicket } from './tickets.ts';

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
    const { db, clock, clientIp, config } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    // Before anything touches the database: a forged report costs one HMAC and writes nothing.
    const check = verifyReportTicket(config, body.ticket, now);
    if (!check.ok) {
      if (check.reason === 'expired') forbidden(TICKET_EXPIRED, { code: 'ticket_expired' });
      forbidden(TICKET_INVALID, { code: 'invalid_ticket' });
    }
    const { ticket } = check;
    if (ticket.remote !== body.remote || ticket.version !== body.version) {
      forbidden(TICKET_MISMATCH, { code: 'ticket_mismatch' });
    }
    throwIfBlocked(
      await consume(
        db,
        [
          {
            key: `release-events:ip:${clientIp}`,
            max: EVENTS_PER_MINUTE,
            windowSeconds: 60,
            message: TOO_MANY_EVENTS,
          },
        ],
        now,
      ),
    );
    const remote = knownRemote(body.remote);
    const release = await findRelease(db, remote, body.version);
    if (!release) notFound(unknownVersion(body.version, remote), { code: 'unknown_version' });

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
