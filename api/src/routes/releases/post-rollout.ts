// POST /api/releases/{remote}/rollout/ (admin) {version, steps, every_minutes}: starts a rollout
// plan. The version becomes the canary at steps[0] % at once; from then on the ticker
// (api/src/releases/rollouts/rollouts.ts) advances it a step every `every_minutes` while it is
// healthy, holds while there is too little traffic to judge, rolls it back when it is not, and
// makes it stable after the last step. One plan per remote at a time (409); the version must be
// published and not the stable one.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { reasonField } from '../../releases/keys/schemas.ts';
import { planJson } from '../../releases/plans/json.ts';
import { PlanAnswerSchema, postRolloutSchema } from '../../releases/plans/schemas.ts';
import { knownRemoteParam, remoteParam } from '../../releases/registry/remote.ts';
import { startRollout } from '../../releases/rollouts/start.ts';

export const postRollout = factory.createHandlers(
  describe({
    summary: 'Start a rollout plan: the canary walks through the steps on its own',
    tags: ['releases'],
    auth: true,
    answers: { 201: answer('The plan', PlanAnswerSchema) },
    errors: [
      'permission_denied',
      'unknown_remote',
      'unknown_version',
      ['already_stable', 'Already the stable version, or a rollout of this remote is in progress.'],
      'rollout_in_progress',
    ],
  }),
  releaseAccess('rollout'),
  knownRemoteParam,
  validate('json', postRolloutSchema.extend({ reason: reasonField })),
  async (c) => {
    const { clock, actor, db } = c.var;
    const { version, steps, every_minutes } = c.req.valid('json');
    const remote = remoteParam(c);
    const now = clock();
    const plan = await startRollout(db, {
      remote,
      version,
      steps,
      everyMinutes: every_minutes,
      actorId: actor.id,
      now,
    });
    return c.json({ rollout: planJson(plan) }, 201);
  },
);
