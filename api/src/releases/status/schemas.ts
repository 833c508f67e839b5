// The schema of the status: every remote's channel with how its versions fared, its rollout plan
// and health, and the newest audit rows.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { Canary, ChannelSchema } from '../channels/schemas.ts';
import { ROLLOUT_STATES } from '../plans/rules.ts';
import { PlanSchema } from '../plans/schemas.ts';
import { REMOTES } from '../registry/rules.ts';
import { Entry, perRemote, Release } from '../registry/schemas.ts';
import { Events, HealthSchema } from '../telemetry/schemas.ts';

/** A channel as the audit log keeps it (channels/channels.ts snapshot), plus what the action
 *  adds; the channel's fields are missing after the first publish of a remote, which had none
 *  before. */
const Snapshot = z
  .object({
    stable: z.string().optional(),
    previous_stable: z.string().nullable().optional(),
    canary: z.string().nullable().optional(),
    canary_percent: z.number().int().optional(),
    published: Entry.optional().meta({
      description: 'publish, make_stable: the version published',
    }),
    reason: z.string().optional().meta({ description: 'auto_rollback, rollout_*: why' }),
    rollout_state: z
      .enum(ROLLOUT_STATES)
      .optional()
      .meta({ description: 'rollout_*: the plan after' }),
    rollout_step: z.number().int().optional().meta({ description: 'rollout_*: the percent step' }),
    reporters: z.number().int().optional(),
    failed: z.number().int().optional(),
  })
  .nullable();

export const StatusSchema = z.object({
  remotes: perRemote(
    ChannelSchema.extend({
      stable: Release.extend({ events: Events }).nullable(),
      previous_stable: Release.extend({ events: Events }).nullable(),
      canary: Canary.extend({ events: Events }).nullable(),
      rollout: PlanSchema.nullable().meta({
        description: "The remote's active plan, else its latest one",
      }),
      health: z.object({
        since: Timestamp.meta({
          description:
            'Start of the window: the current step of an active plan, else the last hour',
        }),
        stable: HealthSchema.nullable(),
        canary: HealthSchema.nullable(),
      }),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.number().int(),
      actor: z.object({ id: z.number().int(), username: z.string().nullable() }).nullable(),
      action: z.string().meta({
        description:
          'publish, make_stable, canary, promote, rollback_canary, rollback_stable, auto_rollback, rollout_start, rollout_step, rollout_promote, rollout_pause, rollout_resume, rollout_abort or rollout_inconclusive',
      }),
      remote: z.enum(REMOTES),
      before: Snapshot,
      after: Snapshot,
      created_at: Timestamp,
    }),
  ),
  auto_rollback: z.object({
    window: z.number().int(),
    min_reporters: z.number().int(),
    failure_rate: z.number(),
  }),
  health_rules: z.object({
    min_views: z.number().int(),
    min_reporters: z.number().int(),
    error_rate_ratio: z.number(),
    error_rate_min: z.number(),
    vitals_ratio: z.number(),
    vitals_min_samples: z.number().int(),
    inconclusive_windows: z.number().int().meta({
      description: 'Windows (a step interval each) too thin to judge before a plan pauses',
    }),
  }),
});
