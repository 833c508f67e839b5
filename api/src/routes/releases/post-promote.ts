// POST /api/releases/{remote}/promote/ (admin): the canary becomes the stable release for every
// browser; the stable it replaces is remembered for `rollback`.
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { promoteCanary } from '../../releases/channels/changes.ts';
import { answerChannelChange } from '../../releases/channels/channels.ts';
import { ChannelAnswerSchema } from '../../releases/channels/schemas.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { validateReason } from '../../releases/keys/reason.ts';

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
  releaseAccess('promote'),
  validateReason(),
  (c) => {
    const { clock, actor } = c.var;
    const now = clock();
    return answerChannelChange(c, (tx, before, remote) =>
      promoteCanary(tx, before, remote, { actor, now }),
    );
  },
);
