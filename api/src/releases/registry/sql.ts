// The registry's SQL: releases, the audit log of every change, and the lock that serialises the
// writes to one remote. Callers pass `db` or, inside a transaction, `tx`.
import { releaseAuditAction } from '../../audit/rules.ts';
import { recordAudit } from '../../audit/sql.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import type { Remote } from './rules.ts';

export interface ReleaseRow {
  id: number;
  remote: Remote;
  version: string;
  entry_url: string;
  /** The entry's SRI (`sha384-...`); null for releases recorded before it was kept. */
  integrity: string | null;
  shared: Record<string, string>;
  published_by: number | null;
  published_by_username: string | null;
  published_at: Date;
}

/**
 * Serialises the writes to one remote's releases and channel until the transaction ends (two-int
 * advisory lock in its own space: 41 is the rate limiter's).
 */
export async function lockRemote(q: Queryable, remote: Remote): Promise<void> {
  await q.query`SELECT pg_advisory_xact_lock(43, hashtext(${remote}::text))`;
}

export async function findRelease(
  q: Queryable,
  remote: Remote,
  version: string,
): Promise<ReleaseRow | null> {
  const [row] = await q.query<ReleaseRow>`
    SELECT r.id, r.remote, r.version, r.entry_url, r.integrity, r.shared, r.published_by,
           u.username AS published_by_username, r.published_at
      FROM releases r LEFT JOIN users u ON u.id = r.published_by
     WHERE r.remote = ${remote} AND r.version = ${version}`;
  return row ?? null;
}

export async function insertRelease(
  q: Queryable,
  release: {
    remote: Remote;
    version: string;
    entry: string;
    integrity: string | null;
    shared: Record<string, string>;
    publishedBy: number | null;
    now: Date;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>`
    INSERT INTO releases (remote, version, entry_url, integrity, shared, published_by, published_at)
    VALUES (${release.remote}, ${release.version}, ${release.entry}, ${release.integrity},
            ${JSON.stringify(release.shared)}::jsonb, ${release.publishedBy}, ${release.now})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO releases returned no row');
  return row.id;
}

/**
 * Records the entry integrity of a release recorded without one; one already set stays. Returns
 * the integrity the release has afterwards (another publish may have set it first).
 */
export async function fillIntegrity(q: Queryable, id: number, integrity: string): Promise<string> {
  const [row] = await q.query<{ integrity: string }>`
    WITH filled AS (
      UPDATE releases SET integrity = ${integrity} WHERE id = ${id} AND integrity IS NULL
      RETURNING integrity
    )
    SELECT integrity FROM filled
    UNION ALL
    SELECT integrity FROM releases WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM filled)`;
  if (!row) throw new Error('fillIntegrity: no such release');
  return row.integrity;
}

/** A remote's releases, newest first. */
export async function listReleases(q: Queryable, remote: Remote): Promise<ReleaseRow[]> {
  return await q.query<ReleaseRow>`
    SELECT r.id, r.remote, r.version, r.entry_url, r.integrity, r.shared, r.published_by,
           u.username AS published_by_username, r.published_at
      FROM releases r LEFT JOIN users u ON u.id = r.published_by
     WHERE r.remote = ${remote}
     ORDER BY r.published_at DESC, r.id DESC`;
}

export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  remote: Remote;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/**
 * The release's own audit row (release_audit, read by the status) and the product's audit log
 * record (audit/), both in the caller's transaction.
 */
export async function insertAudit(
  q: Tx,
  audit: {
    actorId: number | null;
    action: string;
    remote: Remote;
    before: unknown;
    after: unknown;
    now: Date;
  },
): Promise<void> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  await q.query`
    INSERT INTO release_audit (actor_id, action, remote, before, after, created_at)
    VALUES (${audit.actorId}, ${audit.action}, ${audit.remote}, ${json(audit.before)}::jsonb,
            ${json(audit.after)}::jsonb, ${audit.now})`;
  await recordAudit(q, {
    at: audit.now,
    actorId: audit.actorId,
    action: releaseAuditAction(audit.action, audit.after),
    entity: { kind: 'remote', id: audit.remote },
    details: { before: audit.before, after: audit.after },
  });
}

/** The newest audit rows, newest first. */
export async function listAudit(q: Queryable, limit: number): Promise<AuditRow[]> {
  return await q.query<AuditRow>`
    SELECT a.id, a.actor_id, u.username AS actor_username, a.action, a.remote, a.before, a.after,
           a.created_at
      FROM release_audit a LEFT JOIN users u ON u.id = a.actor_id
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${limit}`;
}
