// Request bodies of the release registry. Remotes are checked by the handlers (an unknown one is
// a 404, not a 400).
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import {
  isStorableText,
  notAllowedMessage,
  optionalCutText,
  requiredText,
} from '../../http/validators.ts';
import {
  BUCKET_RANGE,
  EVERY_INVALID,
  HEALTH_KINDS,
  HEALTH_ROUTE_MAX,
  HEALTH_SAMPLES_MAX,
  HEALTH_VALUE_MAX,
  OUTCOMES,
  PERCENT_RANGE,
  REMOTES,
  ROLLOUT_STATES,
  STEPS_INVALID,
  TICKET_REQUIRED,
} from './rules.ts';

/** Safe in a URL path segment and a folder name: `0.1.0-1a2b3c4d`, `2.0.0-rc.1+abc`. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const VERSION_REQUIRED = 'Version is required.';
export const VERSION_INVALID =
  'Version must be 1 to 64 letters, digits, dots, dashes, underscores or pluses.';

export const versionField = z
  .string({ error: VERSION_REQUIRED })
  .trim()
  .min(1, VERSION_REQUIRED)
  .regex(VERSION_PATTERN, VERSION_INVALID);

const remoteField = requiredText('Remote is required.');

export const ENTRY_INVALID = 'Entry must be an http(s) URL of the remote entry.';

const entryField = z
  .string({ error: ENTRY_INVALID })
  // The URL parser would accept a NUL in the path; PostgreSQL would not store it.
  .refine(isStorableText, notAllowedMessage('Entry'))
  .trim()
  .max(2000, ENTRY_INVALID)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, ENTRY_INVALID);

export const SHARED_INVALID = 'Shared must map each shared package to the version built with.';

const sharedField = z
  .record(z.string().min(1).max(214), z.string().min(1).max(64), { error: SHARED_INVALID })
  .refine((shared) => Object.keys(shared).length <= 100, SHARED_INVALID)
  .refine(
    (shared) => Object.entries(shared).every(([k, v]) => isStorableText(k) && isStorableText(v)),
    notAllowedMessage('Shared'),
  );

export const postReleaseSchema = z.object({
  remote: remoteField,
  version: versionField,
  entry: entryField,
  shared: sharedField.default({}),
  make_stable: z.boolean({ error: 'make_stable must be true or false.' }).default(false),
});

/** A whole number from 0 to 100; '10' (a string) and 2.5 are refused like 101. */
export const percentField = z
  .number({ error: PERCENT_RANGE })
  .int(PERCENT_RANGE)
  .min(0, PERCENT_RANGE)
  .max(100, PERCENT_RANGE);

export const postCanarySchema = z.object({ version: versionField, percent: percentField });

export const DETAIL_MAX = 500;

/** A report ticket from the manifest. */
const ticketField = z
  .string({ error: TICKET_REQUIRED })
  .trim()
  .min(1, TICKET_REQUIRED)
  .max(2000, TICKET_REQUIRED);

export const postEventSchema = z.object({
  remote: remoteField,
  version: versionField,
  outcome: z.enum(OUTCOMES, { error: 'Outcome must be loaded, load_failed or render_failed.' }),
  // From the manifest; checked by the handler (a forged or stale one is a 403, not a 400).
  ticket: ticketField,
  // Whatever the browser caught; kept short rather than refused (but never NUL or half a character).
  detail: optionalCutText('Detail', DETAIL_MAX),
});

export const SAMPLES_INVALID = `Samples must be a list of 1 to ${HEALTH_SAMPLES_MAX} measurements.`;
export const KIND_INVALID = `Kind must be one of ${HEALTH_KINDS.join(', ')}.`;
export const VALUE_INVALID = `Value must be a number from 0 to ${HEALTH_VALUE_MAX}: given for lcp, inp and cls, absent for view and error.`;
export const ROUTE_INVALID = `Route must be text of at most ${HEALTH_ROUTE_MAX} characters.`;

const sampleSchema = z
  .object({
    kind: z.enum(HEALTH_KINDS, { error: KIND_INVALID }),
    value: z
      .number({ error: VALUE_INVALID })
      .min(0, VALUE_INVALID)
      .max(HEALTH_VALUE_MAX, VALUE_INVALID)
      .nullish(),
    route: z
      .string({ error: ROUTE_INVALID })
      .max(HEALTH_ROUTE_MAX, ROUTE_INVALID)
      .refine(isStorableText, notAllowedMessage('Route'))
      .nullish(),
  })
  .refine(
    (sample) =>
      sample.kind === 'view' || sample.kind === 'error'
        ? sample.value === undefined || sample.value === null
        : typeof sample.value === 'number',
    { message: VALUE_INVALID, path: ['value'] },
  );

/** A beacon of health samples (sent as text/plain or application/json; see post-health.ts). */
export const postHealthSchema = z.object({
  remote: remoteField,
  version: versionField,
  ticket: ticketField,
  samples: z
    .array(sampleSchema, { error: SAMPLES_INVALID })
    .min(1, SAMPLES_INVALID)
    .max(HEALTH_SAMPLES_MAX, SAMPLES_INVALID),
});

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

export const HOURS_INVALID = 'Hours must be a whole number from 1 to 168.';
export const getHealthQuery = z.object({
  hours: z
    .string({ error: HOURS_INVALID })
    .regex(/^\d{1,3}$/, HOURS_INVALID)
    .transform(Number)
    .refine((hours) => hours >= 1 && hours <= 168, HOURS_INVALID)
    .optional(),
});

/** The browser's bucket (0 to 99, see the shell's bucket.ts); without it the manifest has no
 *  report tickets. */
export const getManifestQuery = z.object({
  bucket: z
    .string({ error: BUCKET_RANGE })
    .regex(/^\d{1,2}$/, BUCKET_RANGE)
    .transform(Number)
    .optional(),
});

// ---- answers ----

/** One entry per remote, every remote always present (a record would leave them optional). */
function perRemote<Entry extends z.ZodType>(entry: Entry) {
  return z.object({ auth: entry, user: entry, owner: entry, admin: entry });
}

const Counts = z.object({
  reporters: z.number().int(),
  failed: z.number().int(),
  reports: z.number().int(),
});
const Events = z.object({ recent: Counts, all: Counts });
const Release = z.object({ version: z.string(), entry: z.string(), published_at: Timestamp });
const Canary = Release.extend({ percent: z.number().int(), since: Timestamp });

/** A remote's channel (channels.ts channelJson); all null before its first release. */
export const ChannelSchema = z
  .object({
    remote: z.enum(REMOTES),
    stable: Release.nullable(),
    previous_stable: Release.nullable(),
    canary: Canary.nullable(),
    rolled_back_reason: z.string().nullable(),
    rolled_back_at: Timestamp.nullable(),
    updated_at: Timestamp.nullable(),
  })
  .meta({ id: 'Channel' });

export const ChannelAnswerSchema = z.object({ channel: ChannelSchema });

const Entry = z.object({ version: z.string(), entry: z.string() });
export const ManifestSchema = z
  .object({
    remotes: perRemote(
      z.object({
        stable: Entry.nullable(),
        canary: Entry.extend({ percent: z.number().int() }).nullable(),
        ticket: z
          .object({ version: z.string(), value: z.string(), expires_at: Timestamp })
          .nullable()
          .meta({
            description: 'With ?bucket=N: a report ticket for the version that bucket loads',
          }),
      }),
    ),
  })
  .meta({ id: 'Manifest' });

/** A channel as the audit log keeps it (channels.ts snapshot), plus what the action adds; the
 *  channel's fields are missing after the first publish of a remote, which had none before. */
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
export const PlanSchema = z
  .object({
    remote: z.enum(REMOTES),
    version: z.string(),
    steps: z.array(z.number().int()),
    every_minutes: z.number().int(),
    step_index: z.number().int().meta({ description: 'steps[step_index] is the current percent' }),
    state: z.enum(ROLLOUT_STATES).meta({
      description: 'holding: the step is due but there was too little traffic to judge it',
    }),
    next_step_at: Timestamp.nullable(),
    reason: z.string().nullable().meta({ description: 'Why it holds, ended or was rolled back' }),
    started_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'RolloutPlan' });

export const PlanAnswerSchema = z.object({ rollout: PlanSchema });

const nullableNumber = z.number().nullable();
export const HealthSchema = z
  .object({
    version: z.string(),
    reporters: z.number().int().meta({ description: 'Distinct reporters (networks) with views' }),
    views: z.number().int(),
    errors: z.number().int().meta({ description: "Each reporter's errors up to its views" }),
    error_rate: nullableNumber.meta({
      description:
        "0 to 1: the interquartile mean of the reporters' own error rates (each reporter weighs the same); null without views",
    }),
    lcp_p75: nullableNumber.meta({
      description: "ms: the interquartile mean of the reporters' own p75; null below 4 reporters",
    }),
    inp_p75: nullableNumber.meta({ description: 'ms, as lcp_p75' }),
    cls_p75: nullableNumber.meta({ description: 'as lcp_p75' }),
    lcp_samples: z.number().int(),
    inp_samples: z.number().int(),
    cls_samples: z.number().int(),
  })
  .meta({ id: 'ReleaseHealth' });

export const HealthAnswerSchema = z.object({ recorded: z.number().int() });

export const HealthSeriesSchema = z.object({
  remote: z.enum(REMOTES),
  bucket_minutes: z.number().int(),
  points: z.array(
    z.object({
      at: Timestamp.meta({ description: 'Start of the bucket' }),
      version: z.string(),
      views: z.number().int(),
      errors: z.number().int(),
      error_rate: nullableNumber,
      lcp_p75: nullableNumber,
      inp_p75: nullableNumber,
      cls_p75: nullableNumber,
    }),
  ),
});

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
          'publish, make_stable, canary, promote, rollback_canary, rollback_stable, auto_rollback, rollout_start, rollout_step, rollout_promote, rollout_pause, rollout_resume or rollout_abort',
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
  }),
});

const ReleaseRowSchema = z.object({
  remote: z.enum(REMOTES),
  version: z.string(),
  entry: z.string(),
  shared: z.record(z.string(), z.string()),
  published_at: Timestamp,
  published_by: z.object({ id: z.number().int(), username: z.string().nullable() }).nullable(),
});

export const VersionsSchema = z.object({
  remote: z.enum(REMOTES),
  versions: z.array(ReleaseRowSchema.extend({ stable: z.boolean(), canary: z.boolean() })),
});

export const PublishedSchema = z.object({
  release: ReleaseRowSchema,
  created: z.boolean(),
  stable: z.boolean(),
  channel: ChannelSchema,
});

export const EventAnswerSchema = z.object({ recorded: z.literal(true), rolled_back: z.boolean() });
