// The audit log's SQL (db/migrations/0023_audit_log.sql): the one writer every audited action
// calls inside its own transaction, and the admin's paged list.
import type { Db, Queryable, Tx } from '../db/db.ts';
import { withCustomPlans } from '../http/pagination.ts';
import {
  type AuditAction,
  type AuditEntityKind,
  currentActor,
  currentRequest,
  SYSTEM_ACTOR,
} from './rules.ts';

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
  // The request's actor (rules.ts currentActor): a deploy key's label, the operator's reason.
  const acting = currentActor.getStore();
  if (acting && acting.actorId === entry.actorId) {
    const reason = acting.reason();
    entry = {
      ...entry,
      actorLabel: entry.actorLabel ?? (entry.actorId === null ? acting.label : undefined),
      details: reason === null ? entry.details : { ...entry.details, reason },
    };
  }
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

export interface ReleaseAuditRecord {
  id: number;
  at: Date;
  actor_id: number | null;
  actor: string;
  action: string;
  remote: string | null;
  details: Record<string, unknown>;
}

/**
 * One page of the release part of the log (release.*, rollout.*, deploy_key.*), newest first,
 * of every remote or of one (a key's records by the remote it was for), with total_count on
 * every row as pageAudit has it.
 */
export async function pageReleaseAudit(
  db: Db,
  f: { remote: string | null; limit: number; offset: number; countCap: number },
): Promise<(ReleaseAuditRecord & { total_count: number })[]> {
  return await withCustomPlans(
    db,
    (q: Queryable) =>
      q.query<ReleaseAuditRecord & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
      SELECT a.id, a.at, a.actor_id, a.actor_label, a.action, a.details,
             CASE WHEN a.entity_kind = 'remote' THEN a.entity_id
                  ELSE a.details->>'remote' END AS remote
        FROM audit_log a
       WHERE a.entity_kind IN ('remote', 'deploy_key')
         AND (${f.remote}::text IS NULL
              OR (a.entity_kind = 'remote' AND a.entity_id = ${f.remote}::text)
              OR (a.entity_kind = 'deploy_key' AND a.details->>'remote' = ${f.remote}::text))
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${f.countCap}) c) n
      LEFT JOIN LATERAL (
        SELECT m.id, m.at, m.actor_id, m.actor_label AS actor, m.action, m.remote, m.details
          FROM matching m
         ORDER BY m.at DESC, m.id DESC
         LIMIT ${f.limit} OFFSET ${f.offset}) p ON true
     ORDER BY p.at DESC, p.id DESC`,
  );
}
