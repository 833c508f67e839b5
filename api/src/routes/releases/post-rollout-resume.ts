// POST /api/releases/{remote}/rollout/resume/ (admin): a paused plan runs again; its current step
// starts afresh (a whole interval, judged on the samples from now on).
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { validateReason } from '../../releases/keys/reason.ts';
import { PlanAnswerSchema } from '../../releases/plans/schemas.ts';
import { answerRolloutChange, resumePlan } from '../../releases/rollouts/control.ts';

export const postRolloutResume = factory.createHandlers(
  describe({
    summary: 'Resume a paused rollout plan',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The plan', PlanAnswerSchema) },
    errors: [
      'permission_denied',
      'unknown_remote',
      ['no_rollout', 'No rollout in progress, or it is not paused.'],
      'rollout_not_paused',
    ],
  }),
  releaseAccess('rollout'),
  validateReason(),
  (c) => {
    const { clock } = c.var;
    return answerRolloutChange(c, 'rollout_resume', resumePlan(clock()));
  },
);
