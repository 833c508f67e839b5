// POST /api/releases/{remote}/rollout/ (admin) {version, steps, every_minutes}: starts a rollout
// plan. The version becomes the canary at steps[0] % at once; from then on the ticker (rollouts.ts)
// advances it a step every `every_minutes` while it is healthy, holds while there is too little
// traffic to judge, rolls it back when it is not, and makes it stable after the last step. One plan
// per remote at a time (409); the version must be published and not the stable one.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { changeChannel, knownRemoteParam, remoteParam } from './channels.ts';
import { planJson } from './rollouts.ts';
import { alreadyStable, rolloutInProgress, unknownVersion } from './rules.ts';
import { PlanAnswerSchema, postRolloutSchema } from './schemas.ts';
import {
  findChannel,
  findRelease,
  findRollout,
  insertRollout,
  lockRemote,
  stateOf,
} from './sql.ts';

export const postRollout = factory.createHandlers(
  describe({
    summary: 'Start a rollout plan: the canary walks through the steps on its own',
    tags: ['releases'],
    auth: true,
    answers: { 201: answer('The plan', PlanAnswerSchema) },
    errors: [
      400,
      401,
      403,
      404,
      [409, 'Already the stable version, or a rollout of this remote is in progress.'],
    ],
  }),
  requireRole('admin'),
  knownRemoteParam,
  validate('json', postRolloutSchema),
  async (c) => {
    const { clock, user, db } = c.var;
    const { version, steps, every_minutes } = c.req.valid('json');
    const remote = remoteParam(c);
    const now = clock();
    const plan = await db.transaction(async (tx) => {
      await lockRemote(tx, remote);
      const active = await findRollout(tx, remote, { active: true });
      if (active) {
        conflict(rolloutInProgress(active.version, `mfe-${remote}`), {
          code: 'rollout_in_progress',
        });
      }
      const release = await findRelease(tx, remote, version);
      const before = await findChannel(tx, remote);
      if (!release || !before) {
        notFound(unknownVersion(version, remote), { code: 'unknown_version' });
      }
      if (before.stable.id === release.id) {
        conflict(alreadyStable(version, remote), { code: 'already_stable' });
      }
      await insertRollout(tx, {
        remote,
        releaseId: release.id,
        steps,
        everyMinutes: every_minutes,
        startedBy: user.id,
        now,
      });
      const same = before.canary?.id === release.id;
      await changeChannel(tx, {
        remote,
        before,
        state: {
          ...stateOf(before),
          canaryId: release.id,
          canaryPercent: steps[0] ?? 100,
          canarySince: same ? before.canary_since : now,
          rolledBackReason: null,
          rolledBackAt: null,
        },
        action: 'rollout_start',
        actorId: user.id,
        now,
        extra: { rollout_state: 'running', rollout_step: steps[0] },
      });
      return await findRollout(tx, remote, { active: true });
    });
    return c.json({ rollout: planJson(plan) }, 201);
  },
);
