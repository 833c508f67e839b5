// POST /api/releases/{remote}/rollback/ (admin): drops the canary when there is one; otherwise
// returns stable to the previous stable version (once: the one before that is not remembered).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { rollBack } from '../../releases/channels/changes.ts';
import { answerChannelChange } from '../../releases/channels/channels.ts';
import { ChannelAnswerSchema } from '../../releases/channels/schemas.ts';

export const postRollback = factory.createHandlers(
  describe({
    summary: 'Drop the canary, or return to the previous stable',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: ['permission_denied', 'unknown_remote', ['no_earlier_stable', 'Nothing to return to.']],
  }),
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    const now = clock();
    return answerChannelChange(c, (tx, before, remote) =>
      rollBack(tx, before, remote, { actor: user, now }),
    );
  },
);
