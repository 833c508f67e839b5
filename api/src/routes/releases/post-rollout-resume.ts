// POST /api/releases/{remote}/rollout/resume/ (admin): a paused plan runs again; its current step
// starts afresh (a whole interval, judged on the samples from now on).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { answerRolloutChange } from './rollout-control.ts';
import { ROLLOUT_NOT_PAUSED } from './rules.ts';
import { PlanAnswerSchema } from './schemas.ts';
import { updateRollout } from './sql.ts';

export const postRolloutResume = factory.createHandlers(
  describe({
    summary: 'Resume a paused rollout plan',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The plan', PlanAnswerSchema) },
    errors: [401, 403, 404, [409, 'No rollout in progress, or it is not paused.']],
  }),
  requireRole('admin'),
  (c) => {
    const { clock } = c.var;
    const now = clock();
    return answerRolloutChange(c, 'rollout_resume', async (tx, plan) => {
      if (plan.state !== 'paused') conflict(ROLLOUT_NOT_PAUSED, { code: 'rollout_not_paused' });
      await updateRollout(tx, plan.id, {
        state: 'running',
        stepIndex: plan.step_index,
        stepStartedAt: now,
        nextStepAt: new Date(now.getTime() + plan.every_minutes * 60_000),
        reason: null,
        now,
      });
    });
  },
);
