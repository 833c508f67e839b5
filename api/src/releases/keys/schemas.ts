// Deploy keys' and the release audit trail's schemas: the key a POST creates, a key as listed,
// the audit query and page, and the optional `reason` every manual release action takes.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { pageQuery } from '../../http/pagination.ts';
import { REMOTES } from '../registry/rules.ts';
import {
  ACTIONS_INVALID,
  EXPIRES_INVALID,
  KEY_ACTIONS,
  NAME_INVALID,
  NAME_PATTERN,
  REASON_INVALID,
  REASON_MAX,
} from './rules.ts';

const UNKNOWN_REMOTE = `Choose one of: ${REMOTES.join(', ')}.`;

/** Why an operator acts (kept in the audit record's details): optional, 1 to 200 characters. */
export const reasonField = z
  .string({ error: REASON_INVALID })
  .trim()
  .min(1, REASON_INVALID)
  .max(REASON_MAX, REASON_INVALID)
  .optional()
  .meta({ description: 'Why (kept in the audit trail), at most 200 characters' });

/** The body of an action that takes nothing but a reason (promote, rollback, pause ...). */
export const reasonBody = z.object({ reason: reasonField });

export const postKeySchema = z.object({
  name: z.string({ error: NAME_INVALID }).regex(NAME_PATTERN, NAME_INVALID),
  remote: z.enum(REMOTES, { error: UNKNOWN_REMOTE }),
  actions: z
    .array(z.enum(KEY_ACTIONS, { error: ACTIONS_INVALID }), { error: ACTIONS_INVALID })
    .min(1, ACTIONS_INVALID)
    .refine((actions) => new Set(actions).size === actions.length, ACTIONS_INVALID),
  expires_in_days: z
    .number({ error: EXPIRES_INVALID })
    .int(EXPIRES_INVALID)
    .min(1, EXPIRES_INVALID)
    .max(365, EXPIRES_INVALID),
});

export const KeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    remote: z.enum(REMOTES),
    actions: z.array(z.enum(KEY_ACTIONS)),
    state: z.enum(['active', 'expired', 'revoked']),
    created_at: Timestamp,
    created_by: z.string().nullable().meta({ description: 'The admin’s username' }),
    expires_at: Timestamp,
    revoked_at: Timestamp.nullable(),
    revoked_by: z.string().nullable(),
    last_used_at: Timestamp.nullable().meta({ description: 'To the minute' }),
  })
  .meta({ id: 'DeployKey' });

export const CreatedKeySchema = KeySchema.extend({
  key: z.string().meta({ description: 'The key itself (cdk_...): shown this once, never again' }),
});

export const KeysSchema = z.object({ results: z.array(KeySchema) });

export const getAuditQuery = z.object({
  remote: z.enum(REMOTES, { error: UNKNOWN_REMOTE }).optional(),
  page: pageQuery.page,
  page_size: pageQuery.page_size,
});

export const ReleaseAuditRecordSchema = z
  .object({
    id: z.number().int(),
    at: Timestamp,
    actor: z.string().meta({ description: 'A username, a deploy key’s name, or "system"' }),
    actor_kind: z.enum(['user', 'key', 'system']),
    action: z.string().meta({ description: 'release.*, rollout.* or deploy_key.*' }),
    remote: z.enum(REMOTES).nullable(),
    details: z.record(z.string(), z.unknown()).meta({ description: 'What changed' }),
    reason: z.string().nullable().meta({ description: 'The operator’s, or the system’s, why' }),
  })
  .meta({ id: 'ReleaseAuditRecord' });

export const ReleaseAuditPageSchema = z.object({
  results: z.array(ReleaseAuditRecordSchema),
  count: z.number().int(),
  count_exact: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
