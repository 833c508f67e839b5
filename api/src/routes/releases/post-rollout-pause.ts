// POST /api/releases/{remote}/rollout/pause/ (admin): the plan stops walking and judging; the
// canary keeps its percentage (the automatic rollback on load failures still applies).
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { validateReason } from '../../releases/keys/reason.ts';
import { PlanAnswerSchema } from '../../releases/plans/schemas.ts';
import { answerRolloutChange, pausePlan } from '../../releases/rollouts/control.ts';

export const postRolloutPause = factory.createHandlers(
  describe({
    summary: 'Pause the rollout plan',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The plan', PlanAnswerSchema) },
    errors: [
      'permission_denied',
      'unknown_remote',
      ['no_rollout', 'No rollout in progress, or it is paused already.'],
      'rollout_not_running',
    ],
  }),
  releaseAccess('rollout'),
  validateReason(),
  (c) => {
    const { clock, actor } = c.var;
    return answerRolloutChange(c, 'rollout_pause', pausePlan(actor.username, clock()));
  },
);
