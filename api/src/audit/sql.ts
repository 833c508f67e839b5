// The audit log's SQL (db/migrations/0023_audit_log.sql): the one writer every audited action
// calls inside its own transaction, and the admin's paged list.
import type { Db, Queryable, Tx } from '../db/db.ts';
import { withCustomPlans } from '../http/pagination.ts';
import { type AuditAction, type AuditEntityKind, currentRequest, SYSTEM_ACTOR } from './rules.ts';

export interface AuditEntry {
  at: Date;
  /** Who did it: a user's id, or null for the system (a ticker, an automatic rollback). */
  actorId: number | null;
  /** Overrides the label read from the actor's username (e.g. a deploy key's name). */
  actorLabel?: string;
  action: AuditAction;
  entity: { kind: AuditEntityKind; id: number | string };
  /** What changed: the fields set, or before/after of the changed ones. Never a secret. */
  details?: Record<string, unknown>;
}

/**
 * Appends one record. Takes a `Tx`, never a `Db`: the record commits or rolls back with the
 * action it describes. The request id comes from the request being served (rules.ts).
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const requestId = currentRequest.getStore() ?? null;
  await tx.query`
    INSERT INTO audit_log (at, actor_id, actor_label, action, entity_kind, entity_id, details,
                           request_id)
    VALUES (${entry.at}, ${entry.actorId},
            coalesce(${entry.actorLabel ?? null}::text,
                     (SELECT username FROM users WHERE id = ${entry.actorId}::bigint),
                     ${entry.actorId === null ? SYSTEM_ACTOR : `user ${entry.actorId}`}::text),
            ${entry.action}, ${entry.entity.kind}, ${String(entry.entity.id)},
            ${JSON.stringify(entry.details ?? {})}::jsonb, ${requestId})`;
}

export interface AuditRecord {
  id: number;
  at: Date;
  actor_id: number | null;
  actor: string;
  action: string;
  entity_kind: string;
  entity_id: string;
  details: Record<string, unknown>;
  request_id: string | null;
}

export interface AuditFilter {
  /** The actor's label (username or 'system'), any case. */
  actor: string | null;
  action: AuditAction | null;
  entityKind: AuditEntityKind | null;
  entityId: string | null;
  /** Days 'YYYY-MM-DD', both included, in the time zone `tz` (the product's, config.ts). */
  from: string | null;
  to: string | null;
  tz: string;
  limit: number;
  offset: number;
  countCap: number;
}

/**
 * One page of records, newest first, with total_count on every row (counted up to countCap); a
 * page past the end is one row of nulls but for total_count (http/pagination.ts envelope).
 */
export async function pageAudit(
  db: Db,
  f: AuditFilter,
): Promise<(AuditRecord & { total_count: number })[]> {
  return await withCustomPlans(
    db,
    (q: Queryable) =>
      q.query<AuditRecord & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
      SELECT a.* FROM audit_log a
       WHERE (${f.actor}::text IS NULL OR lower(a.actor_label) = lower(${f.actor}::text))
         AND (${f.action}::text IS NULL OR a.action = ${f.action}::text)
         AND (${f.entityKind}::text IS NULL OR a.entity_kind = ${f.entityKind}::text)
         AND (${f.entityId}::text IS NULL OR a.entity_id = ${f.entityId}::text)
         AND (${f.from}::date IS NULL
              OR a.at >= (${f.from}::date)::timestamp AT TIME ZONE ${f.tz}::text)
         AND (${f.to}::date IS NULL
              OR a.at < (${f.to}::date + 1)::timestamp AT TIME ZONE ${f.tz}::text)
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${f.countCap}) c) n
      LEFT JOIN LATERAL (
        SELECT m.id, m.at, m.actor_id, m.actor_label AS actor, m.action, m.entity_kind,
               m.entity_id, m.details, m.request_id
          FROM matching m
         ORDER BY m.at DESC, m.id DESC
         LIMIT ${f.limit} OFFSET ${f.offset}) p ON true
     ORDER BY p.at DESC, p.id DESC`,
  );
}
