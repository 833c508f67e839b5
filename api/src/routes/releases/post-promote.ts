// POST /api/releases/{remote}/promote/ (admin): the canary becomes the stable release for every
// browser; the stable it replaces is remembered for `rollback`.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { promoteCanary } from '../../releases/channels/changes.ts';
import { answerChannelChange } from '../../releases/channels/channels.ts';
import { ChannelAnswerSchema } from '../../releases/channels/schemas.ts';

export const postPromote = factory.createHandlers(
  describe({
    summary: 'The canary becomes stable',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: [
      'permission_denied',
      'unknown_remote',
      ['no_canary', 'There is no canary to promote.'],
    ],
  }),
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    const now = clock();
    return answerChannelChange(c, (tx, before, remote) =>
      promoteCanary(tx, before, remote, { actor: user, now }),
    );
  },
);
