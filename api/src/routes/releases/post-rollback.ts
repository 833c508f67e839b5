// POST /api/releases/{remote}/rollback/ (admin): drops the canary when there is one; otherwise
// returns stable to the previous stable version (once: the one before that is not remembered).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { answerChannelChange, changeChannel } from './channels.ts';
import { NO_EARLIER_STABLE } from './rules.ts';
import { ChannelAnswerSchema } from './schemas.ts';
import { stateOf } from './sql.ts';

export const postRollback = factory.createHandlers(
  describe({
    summary: 'Drop the canary, or return to the previous stable',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: [401, 403, 404, [409, 'Nothing to return to.']],
  }),
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    const now = clock();
    return answerChannelChange(c, async (tx, before, remote) => {
      if (before?.canary) {
        return await changeChannel(tx, {
          remote,
          before,
          state: {
            ...stateOf(before),
            canaryId: null,
            canaryPercent: 0,
            canarySince: null,
            rolledBackReason: `Canary ${before.canary.version} rolled back by ${user.username}.`,
            rolledBackAt: now,
          },
          action: 'rollback_canary',
          actorId: user.id,
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
          rolledBackReason: `Stable ${before.stable.version} rolled back to ${before.previous_stable.version} by ${user.username}.`,
          rolledBackAt: now,
        },
        action: 'rollback_stable',
        actorId: user.id,
        now,
      });
    });
  },
);
