// Creating and revoking deploy keys (docs/decisions/0035-deploy-keys.md), each with its audit
// record in the same transaction. The key is `cdk_` + 32 random bytes (base64url); only its
// SHA-256 is stored, and it is returned once, to the admin who created it.
import { recordAudit } from '../../audit/sql.ts';
import { newFlowToken, sha256Hex } from '../../auth/secrets.ts';
import type { Db } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Remote } from '../registry/rules.ts';
import { alreadyRevoked, KEY_NOT_FOUND, KEY_PREFIX, type KeyAction, nameTaken } from './rules.ts';
import { findKey, insertKey, type KeyRow, revokeKey } from './sql.ts';

const DAY_MS = 86_400_000;

export async function createKey(
  db: Db,
  create: {
    name: string;
    remote: Remote;
    actions: KeyAction[];
    expiresInDays: number;
    adminId: number;
    now: Date;
  },
): Promise<{ row: KeyRow; key: string }> {
  const key = `${KEY_PREFIX}${newFlowToken()}`;
  const expiresAt = new Date(create.now.getTime() + create.expiresInDays * DAY_MS);
  try {
    const row = await db.transaction(async (tx) => {
      const id = await insertKey(tx, {
        name: create.name,
        remote: create.remote,
        actions: create.actions,
        secretSha256: sha256Hex(key),
        createdBy: create.adminId,
        now: create.now,
        expiresAt,
      });
      await recordAudit(tx, {
        at: create.now,
        actorId: create.adminId,
        action: 'deploy_key.created',
        entity: { kind: 'deploy_key', id },
        details: {
          name: create.name,
          remote: create.remote,
          actions: create.actions,
          expires_at: expiresAt.toISOString(),
        },
      });
      const row = await findKey(tx, id);
      if (!row) throw new Error('The deploy key just created was not found');
      return row;
    });
    return { row, key };
  } catch (error) {
    if (isUniqueViolation(error, 'deploy_keys_name_key')) {
      conflict(nameTaken(create.name), { code: 'deploy_key_name_taken' });
    }
    throw error;
  }
}

/** Revokes a live or expired key at once: the next call with it is refused (401). */
export async function revokeDeployKey(
  db: Db,
  revoke: { id: number; adminId: number; now: Date },
): Promise<KeyRow> {
  return await db.transaction(async (tx) => {
    const before = await findKey(tx, revoke.id, { lock: true });
    if (!before) notFound(KEY_NOT_FOUND, { code: 'deploy_key_not_found' });
    if (before.revoked_at !== null) {
      conflict(alreadyRevoked(before.name), { code: 'deploy_key_revoked' });
    }
    await revokeKey(tx, revoke.id, revoke.adminId, revoke.now);
    await recordAudit(tx, {
      at: revoke.now,
      actorId: revoke.adminId,
      action: 'deploy_key.revoked',
      entity: { kind: 'deploy_key', id: revoke.id },
      details: { name: before.name, remote: before.remote },
    });
    const after = await findKey(tx, revoke.id);
    if (!after) throw new Error('The deploy key just revoked was not found');
    return after;
  });
}

/** A key as the API shows it (never its secret, which is not kept). */
export function keyJson(row: KeyRow, now: Date) {
  const state =
    row.revoked_at !== null
      ? 'revoked'
      : row.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'active';
  return {
    id: row.id,
    name: row.name,
    remote: row.remote,
    actions: row.actions,
    state,
    created_at: row.created_at,
    created_by: row.created_by_username,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    revoked_by: row.revoked_by_username,
    last_used_at: row.last_used_at,
  } as const;
}
