// The schemas of rollout plans: the body starting one and the plan as the API shows it.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { REMOTES } from '../registry/rules.ts';
import { versionField } from '../registry/schemas.ts';
import { EVERY_INVALID, ROLLOUT_STATES, STEPS_INVALID } from './rules.ts';

export const postRolloutSchema = z.object({
  version: versionField,
  steps: z
    .array(
      z
        .number({ error: STEPS_INVALID })
        .int(STEPS_INVALID)
        .min(1, STEPS_INVALID)
        .max(100, STEPS_INVALID),
      {
        error: STEPS_INVALID,
      },
    )
    .min(1, STEPS_INVALID)
    .max(100, STEPS_INVALID)
    .refine(
      (steps) => steps.every((step, i) => i === 0 || step > (steps[i - 1] ?? 0)),
      STEPS_INVALID,
    )
    .refine((steps) => steps.at(-1) === 100, STEPS_INVALID),
  every_minutes: z
    .number({ error: EVERY_INVALID })
    .int(EVERY_INVALID)
    .min(1, EVERY_INVALID)
    .max(1440, EVERY_INVALID),
});

export const PlanSchema = z
  .object({
    remote: z.enum(REMOTES),
    version: z.string(),
    steps: z.array(z.number().int()),
    every_minutes: z.number().int(),
    step_index: z.number().int().meta({ description: 'steps[step_index] is the current percent' }),
    state: z.enum(ROLLOUT_STATES).meta({
      description:
        'holding: the step is due but there was too little traffic to judge it; inconclusive: ' +
        'still too little after health_rules.inconclusive_windows windows, so the plan paused ' +
        'itself (resume starts the step over)',
    }),
    next_step_at: Timestamp.nullable().meta({
      description:
        'running: when the step is due; holding: when it becomes inconclusive unless there is ' +
        'enough traffic first; null otherwise',
    }),
    reason: z.string().nullable().meta({
      description: 'Why it holds, paused, is inconclusive, ended or was rolled back',
    }),
    started_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'RolloutPlan' });

export const PlanAnswerSchema = z.object({ rollout: PlanSchema });
