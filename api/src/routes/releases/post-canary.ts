// POST /api/releases/{remote}/canary/ (admin) {version, percent}: makes a published version the
// remote's canary, tried by `percent` % of browsers (0 pauses it), or changes the percentage of
// the current canary. Setting a new canary clears the note of the last rollback.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { answerChannelChange, changeChannel, knownRemoteParam } from './channels.ts';
import { alreadyStable, unknownVersion } from './rules.ts';
import { ChannelAnswerSchema, postCanarySchema } from './schemas.ts';
import { findRelease, stateOf } from './sql.ts';

export const postCanary = factory.createHandlers(
  describe({
    summary: 'Make a version the canary for N % of browsers',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The channel', ChannelAnswerSchema) },
    errors: [400, 401, 403, 404, [409, 'Already the stable version.']],
  }),

  requireRole('admin'),
  knownRemoteParam,
  validate('json', postCanarySchema),
  (c) => {
    const { clock, user } = c.var;
    const { version, percent } = c.req.valid('json');
    const now = clock();
    return answerChannelChange(c, async (tx, before, remote) => {
      const release = await findRelease(tx, remote, version);
      // A remote's first release creates its channel, so a known version always has one.
      if (!release || !before)
        notFound(unknownVersion(version, remote), { code: 'unknown_version' });
      if (before.stable.id === release.id) {
        conflict(alreadyStable(version, remote), { code: 'already_stable' });
      }
      const same = before.canary?.id === release.id;
      return await changeChannel(tx, {
        remote,
        before,
        state: {
          ...stateOf(before),
          canaryId: release.id,
          canaryPercent: percent,
          canarySince: same ? before.canary_since : now,
          rolledBackReason: same ? before.rolled_back_reason : null,
          rolledBackAt: same ? before.rolled_back_at : null,
        },
        action: 'canary',
        actorId: user.id,
        now,
      });
    });
  },
);
