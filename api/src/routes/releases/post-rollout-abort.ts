// POST /api/releases/{remote}/rollout/abort/ (admin): ends the plan and rolls its canary back,
// with the reason 'Rollout aborted by <username>.' on the plan and the channel.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { answerRolloutChange } from './rollout-control.ts';
import { rollBackPlan } from './rollouts.ts';
import { rolloutAborted } from './rules.ts';
import { PlanAnswerSchema } from './schemas.ts';

export const postRolloutAbort = factory.createHandlers(
  describe({
    summary: 'Abort the rollout plan and roll its canary back',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The plan', PlanAnswerSchema) },
    errors: [401, 403, 404, [409, 'No rollout in progress.']],
  }),
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    const now = clock();
    return answerRolloutChange(c, 'rollout_abort', async (tx, plan, channel) => {
      await rollBackPlan(tx, plan, channel, {
        state: 'aborted',
        reason: rolloutAborted(user.username),
        action: 'rollout_abort',
        actorId: user.id,
        now,
        extra: { rollout_state: 'aborted', rollout_step: plan.steps[plan.step_index] },
      });
    });
  },
);
