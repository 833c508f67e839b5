// POST /api/releases/{remote}/canary/ (admin) {version, percent}: makes a published version the
// remote's canary, tried by `percent` % of browsers (0 pauses it), or changes the percentage of
// the current canary. Setting a new canary clears the note of the last rollback.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { setCanary } from '../../releases/channels/changes.ts';
import { answerChannelChange } from '../../releases/channels/channels.ts';
import { ChannelAnswerSchema, postCanarySchema } from '../../releases/channels/schemas.ts';
import { knownRemoteParam } from '../../releases/registry/remote.ts';

export const postCanary = factory.createHandlers(
  describe({
    summary: 'Make a version the canary for N % of browsers',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: [
      'permission_denied',
      'unknown_remote',
      'unknown_version',
      ['already_stable', 'Already the stable version.'],
    ],
  }),

  requireRole('admin'),
  knownRemoteParam,
  validate('json', postCanarySchema),
  (c) => {
    const { clock, user } = c.var;
    const { version, percent } = c.req.valid('json');
    const now = clock();
    return answerChannelChange(c, (tx, before, remote) =>
      setCanary(tx, before, remote, { version, percent, actor: user, now }),
    );
  },
);
