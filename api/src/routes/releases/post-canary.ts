// POST /api/releases/{remote}/canary/ (admin) {version, percent}: makes a published version the
// remote's canary, tried by `percent` % of browsers (0 pauses it), or changes the percentage of
// the current canary. Setting a new canary clears the note of the last rollback.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { setCanary } from '../../releases/channels/changes.ts';
import { answerChannelChange } from '../../releases/channels/channels.ts';
import { ChannelAnswerSchema, postCanarySchema } from '../../releases/channels/schemas.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { reasonField } from '../../releases/keys/schemas.ts';
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

  releaseAccess('canary'),
  knownRemoteParam,
  validate('json', postCanarySchema.extend({ reason: reasonField })),
  (c) => {
    const { clock, actor } = c.var;
    const { version, percent } = c.req.valid('json');
    const now = clock();
    return answerChannelChange(c, (tx, before, remote) =>
      setCanary(tx, before, remote, { version, percent, actor, now }),
    );
  },
);
