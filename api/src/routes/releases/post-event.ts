// POST /api/releases/events/ (public, rate limited per client IP) {remote, version, outcome,
// ticket, detail?}: how a release fared in a browser; the shell reports each load of a canary and
// each failure to load or render one. Only with the report ticket the manifest gave that browser
// for this remote and version (api/src/releases/telemetry/tickets.ts): none is a 400, a forged,
// expired or mismatched one a 403, and nothing is recorded. The ticket's reporter is who reports.
// After a report about a remote's current canary, a canary whose reporters fail too often is
// dropped at once (see api/src/releases/telemetry/auto-rollback.ts), with the reason kept on the
// channel and an audit row without an actor.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { recordOutcome } from '../../releases/telemetry/auto-rollback.ts';
import { admitReport } from '../../releases/telemetry/report-gate.ts';
import { EVENTS_PER_MINUTE, TOO_MANY_EVENTS } from '../../releases/telemetry/rules.ts';
import { EventAnswerSchema, postEventSchema } from '../../releases/telemetry/schemas.ts';

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
    errors: [
      ['invalid_ticket', 'Invalid, expired or mismatched ticket.'],
      'ticket_expired',
      'ticket_mismatch',
      'unknown_remote',
      'unknown_version',
      'too_many_requests',
    ],
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

    const rolledBack = await recordOutcome(db, {
      remote,
      releaseId: release.id,
      reporter: ticket.reporter,
      outcome: body.outcome,
      detail: body.detail,
      now,
    });
    return c.json({ recorded: true, rolled_back: rolledBack }, 202);
  },
);
