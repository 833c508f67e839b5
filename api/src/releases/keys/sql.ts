// Deploy keys' SQL (db/migrations/0024_deploy_keys.sql). Callers pass `db` or, inside a
// transaction, `tx`. A key is found by the SHA-256 of its secret, never by the secret.
import type { Queryable } from '../../db/db.ts';
import type { Remote } from '../registry/rules.ts';
import { type KeyAction, LAST_USED_GRAIN_SECONDS } from './rules.ts';

export interface KeyRow {
  id: number;
  name: string;
  remote: Remote;
  actions: KeyAction[];
  created_at: Date;
  created_by: number | null;
  created_by_username: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by_username: string | null;
  last_used_at: Date | null;
}

export async function insertKey(
  q: Queryable,
  key: {
    name: string;
    remote: Remote;
    actions: KeyAction[];
    secretSha256: string;
    createdBy: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>`
    INSERT INTO deploy_keys (name, remote, actions, secret_sha256, created_at, created_by,
                             expires_at)
    VALUES (${key.name}, ${key.remote}, ${key.actions}::text[], ${key.secretSha256}, ${key.now},
            ${key.createdBy}, ${key.expiresAt})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO deploy_keys returned no row');
  return row.id;
}

/** One key by id; `lock` (inside a transaction) holds it until the transaction ends. */
export async function findKey(
  q: Queryable,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<KeyRow | null> {
  if (lock) await q.query`SELECT 1 FROM deploy_keys WHERE id = ${id} FOR UPDATE`;
  const [row] = await q.query<KeyRow>`
    SELECT k.id, k.name, k.remote, k.actions, k.created_at, k.created_by,
           c.username AS created_by_username, k.expires_at, k.revoked_at,
           r.username AS revoked_by_username, k.last_used_at
      FROM deploy_keys k LEFT JOIN users c ON c.id = k.created_by
           LEFT JOIN users r ON r.id = k.revoked_by
     WHERE k.id = ${id}`;
  return row ?? null;
}

/** Every key, newest first (a handful per remote: no paging). */
export async function listKeys(q: Queryable): Promise<KeyRow[]> {
  return await q.query<KeyRow>`
    SELECT k.id, k.name, k.remote, k.actions, k.created_at, k.created_by,
           c.username AS created_by_username, k.expires_at, k.revoked_at,
           r.username AS revoked_by_username, k.last_used_at
      FROM deploy_keys k LEFT JOIN users c ON c.id = k.created_by
           LEFT JOIN users r ON r.id = k.revoked_by
     ORDER BY k.created_at DESC, k.id DESC`;
}

export async function revokeKey(q: Queryable, id: number, by: number, now: Date): Promise<void> {
  await q.query`UPDATE deploy_keys SET revoked_at = ${now}, revoked_by = ${by} WHERE id = ${id}`;
}

/** A key as the access check needs it. */
export interface PresentedKey {
  id: number;
  name: string;
  remote: Remote;
  actions: KeyAction[];
  expires_at: Date;
  revoked_at: Date | null;
}

/**
 * The key whose secret has this SHA-256, in one round trip that also records its use when it is
 * alive (not revoked, not expired) and last_used_at is older than a minute: a pipeline's burst of
 * calls writes once, not once per call.
 */
export async function findKeyBySecret(
  q: Queryable,
  secretSha256: string,
  now: Date,
): Promise<PresentedKey | null> {
  const [row] = await q.query<PresentedKey>`
    WITH found AS (
      SELECT id, name, remote, actions, expires_at, revoked_at, last_used_at
        FROM deploy_keys WHERE secret_sha256 = ${secretSha256}
    ), touched AS (
      UPDATE deploy_keys d SET last_used_at = ${now}
        FROM found f
       WHERE d.id = f.id AND f.revoked_at IS NULL AND f.expires_at > ${now}
         AND (f.last_used_at IS NULL
              OR f.last_used_at <= ${now}::timestamptz
                                   - make_interval(secs => ${LAST_USED_GRAIN_SECONDS}))
    )
    SELECT id, name, remote, actions, expires_at, revoked_at FROM found`;
  return row ?? null;
}
