// POST /api/releases/{remote}/rollout/pause/ (admin): the plan stops walking and judging; the
// canary keeps its percentage (the automatic rollback on load failures still applies).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { answerRolloutChange } from './rollout-control.ts';
import { ROLLOUT_NOT_RUNNING } from './rules.ts';
import { PlanAnswerSchema } from './schemas.ts';
import { updateRollout } from './sql.ts';

export const postRolloutPause = factory.createHandlers(
  describe({
    summary: 'Pause the rollout plan',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The plan', PlanAnswerSchema) },
    errors: [401, 403, 404, [409, 'No rollout in progress, or it is paused already.']],
  }),
  requireRole('admin'),
  (c) => {
    const { clock, user } = c.var;
    const now = clock();
    return answerRolloutChange(c, 'rollout_pause', async (tx, plan) => {
      if (plan.state === 'paused') conflict(ROLLOUT_NOT_RUNNING, { code: 'rollout_not_running' });
      await updateRollout(tx, plan.id, {
        state: 'paused',
        stepIndex: plan.step_index,
        stepStartedAt: plan.step_started_at,
        nextStepAt: null,
        reason: `Paused by ${user.username}.`,
        now,
      });
    });
  },
);
