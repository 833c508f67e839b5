// The schemas of what browsers report (outcome events and health samples, each with its report
// ticket) and of the health the API shows.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { isStorableText, notAllowedMessage, optionalCutText } from '../../http/validators.ts';
import { REMOTES } from '../registry/rules.ts';
import { remoteField, versionField } from '../registry/schemas.ts';
import {
  HEALTH_KINDS,
  HEALTH_ROUTE_MAX,
  HEALTH_SAMPLES_MAX,
  HEALTH_VALUE_MAX,
  OUTCOMES,
  TICKET_REQUIRED,
} from './rules.ts';

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

/** A beacon of health samples (sent as text/plain or application/json; see
 *  api/src/routes/releases/post-health.ts). */
export const postHealthSchema = z.object({
  remote: remoteField,
  version: versionField,
  ticket: ticketField,
  samples: z
    .array(sampleSchema, { error: SAMPLES_INVALID })
    .min(1, SAMPLES_INVALID)
    .max(HEALTH_SAMPLES_MAX, SAMPLES_INVALID),
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

const Counts = z.object({
  reporters: z.number().int(),
  failed: z.number().int(),
  reports: z.number().int(),
});
export const Events = z.object({ recent: Counts, all: Counts });

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

export const EventAnswerSchema = z.object({ recorded: z.literal(true), rolled_back: z.boolean() });
