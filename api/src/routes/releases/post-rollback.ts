// POST /api/releases/{remote}/rollback/ (admin): drops the canary when there is one; otherwise
// returns stable to the previous stable version (once: the one before that is not remembered).
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { rollBack } from '../../releases/channels/changes.ts';
import { answerChannelChange } from '../../releases/channels/channels.ts';
import { ChannelAnswerSchema } from '../../releases/channels/schemas.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { validateReason } from '../../releases/keys/reason.ts';

export const postRollback = factory.createHandlers(
  describe({
    summary: 'Drop the canary, or return to the previous stable',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: ['permission_denied', 'unknown_remote', ['no_earlier_stable', 'Nothing to return to.']],
  }),
  releaseAccess('rollback'),
  validateReason(),
  (c) => {
    const { clock, actor } = c.var;
    const now = clock();
    return answerChannelChange(c, (tx, before, remote) =>
      rollBack(tx, before, remote, { actor, now }),
    );
  },
);
