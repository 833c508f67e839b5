// The audit list's query and answer (GET /api/admin/audit/): filters validated at the edge, so a
// bad date, a NUL byte or an unknown action is a 400 with a clear message, never a 500.
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_KINDS } from '../../audit/rules.ts';
import { Timestamp } from '../../http/openapi.ts';
import { pageQuery } from '../../http/pagination.ts';
import { isStorableText, notAllowedMessage, optionalIsoDate } from '../../http/validators.ts';

export const ACTOR_TOO_LONG = 'Actor must be at most 150 characters.';
export const UNKNOWN_ACTION = `Action must be one of: ${AUDIT_ACTIONS.join(', ')}.`;
export const ENTITY_INVALID = `Entity must be a kind (${AUDIT_ENTITY_KINDS.join(', ')}), optionally followed by ":" and an id, e.g. show:12.`;
export const FROM_AFTER_TO = 'The "from" date must not be after the "to" date.';

/** Empty or absent is null. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || null);

const ENTITY = new RegExp(`^(${AUDIT_ENTITY_KINDS.join('|')})(?::([A-Za-z0-9_.-]{1,100}))?$`);

export const AuditQuerySchema = z
  .object({
    page: pageQuery.page,
    page_size: pageQuery.page_size,
    actor: optionalText().pipe(
      z
        .string()
        .max(150, ACTOR_TOO_LONG)
        .refine(isStorableText, notAllowedMessage('Actor'))
        .nullable(),
    ),
    action: optionalText().pipe(z.enum(AUDIT_ACTIONS, { error: UNKNOWN_ACTION }).nullable()),
    entity: optionalText()
      .pipe(z.string().regex(ENTITY, ENTITY_INVALID).nullable())
      .transform((v) => {
        const m = v === null ? null : ENTITY.exec(v);
        return m ? { kind: m[1] as (typeof AUDIT_ENTITY_KINDS)[number], id: m[2] ?? null } : null;
      }),
    from: optionalIsoDate(),
    to: optionalIsoDate(),
  })
  .refine((q) => q.from === null || q.to === null || q.from <= q.to, {
    message: FROM_AFTER_TO,
    path: ['from'],
  });

export const AuditRecordSchema = z.object({
  id: z.number().int(),
  at: Timestamp,
  actor_id: z.number().int().nullable().meta({ description: 'null: the system did it' }),
  actor: z.string().meta({ description: 'The username at the time, or "system"' }),
  action: z.enum(AUDIT_ACTIONS),
  entity_kind: z.enum(AUDIT_ENTITY_KINDS),
  entity_id: z.string().meta({ description: 'An id, or a remote’s name for releases' }),
  details: z
    .record(z.string(), z.unknown())
    .meta({ description: 'What changed: the fields set, or before and after' }),
  request_id: z.string().nullable().meta({ description: 'The X-Request-Id it was made in' }),
});

export const AuditPageSchema = z.object({
  results: z.array(AuditRecordSchema),
  count: z.number().int().meta({
    description: 'Records matching, across pages: exact when count_exact, else at least this many',
  }),
  count_exact: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
