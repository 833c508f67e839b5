// POST /api/releases/{remote}/rollout/abort/ (admin): ends the plan and rolls its canary back,
// with the reason 'Rollout aborted by <username>.' on the plan and the channel.
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { validateReason } from '../../releases/keys/reason.ts';
import { PlanAnswerSchema } from '../../releases/plans/schemas.ts';
import { abortPlan, answerRolloutChange } from '../../releases/rollouts/control.ts';

export const postRolloutAbort = factory.createHandlers(
  describe({
    summary: 'Abort the rollout plan and roll its canary back',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The plan', PlanAnswerSchema) },
    errors: ['permission_denied', 'unknown_remote', ['no_rollout', 'No rollout in progress.']],
  }),
  releaseAccess('rollout'),
  validateReason(),
  (c) => {
    const { clock, actor } = c.var;
    return answerRolloutChange(c, 'rollout_abort', abortPlan(actor, clock()));
  },
);
