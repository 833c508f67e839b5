// POST /api/releases/{remote}/rollout/abort/ (admin): ends the plan and rolls its canary back,
// with the reason 'Rollout aborted by <username>.' on the plan and the channel.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
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
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    return answerRolloutChange(c, 'rollout_abort', abortPlan(user, clock()));
  },
);
