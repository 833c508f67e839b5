// POST /api/releases/{remote}/promote/ (admin): the canary becomes the stable release for every
// browser; the stable it replaces is remembered for `rollback`.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { answerChannelChange, changeChannel } from './channels.ts';
import { NO_CANARY } from './rules.ts';
import { ChannelAnswerSchema } from './schemas.ts';

export const postPromote = factory.createHandlers(
  describe({
    summary: 'The canary becomes stable',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: [401, 403, 404, [409, 'There is no canary to promote.']],
  }),
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    const now = clock();
    return answerChannelChange(c, async (tx, before, remote) => {
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
        actorId: user.id,
        now,
      });
    });
  },
);
