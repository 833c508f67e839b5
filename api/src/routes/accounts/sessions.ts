// Logins as sessions (token families): an access JWT plus an opaque refresh token that is stored
// hashed, expires, and is replaced on every use. A refresh token presented a second time means it
// was copied: the whole session is revoked, so the thief's and the owner's tokens both stop.
import { randomUUID } from 'node:crypto';
import { newRefreshToken, sha256Hex } from '../../auth/secrets.ts';
import { type AuthUser, signAccessToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import {
  findSessionIdByToken,
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  markRotated,
  purgeUserSessions,
  revokeSession,
} from './sql.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

type TokenConfig = Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;

async function addRefreshToken(q: Queryable, config: TokenConfig, sessionId: string, now: Date) {
  const refresh = newRefreshToken();
  await insertRefreshToken(q, {
    sessionId,
    tokenHash: sha256Hex(refresh),
    now,
    expiresAt: new Date(now.getTime() + config.refreshTokenTtlSeconds * 1000),
  });
  return refresh;
}

/** A new session for a user who just proved who they are. */
export async function startSession(
  db: Db,
  config: TokenConfig,
  user: AuthUser,
  now: Date,
): Promise<TokenPair> {
  const refresh = await db.transaction(async (tx) => {
    await purgeUserSessions(tx, user.id, now);
    const sessionId = randomUUID();
    await insertSession(tx, { id: sessionId, userId: user.id, now });
    return await addRefreshToken(tx, config, sessionId, now);
  });
  return { access: await signAccessToken(config, user, now), refresh };
}

type Failure = { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };
export type RotateResult = { ok: true; tokens: TokenPair } | Failure;

/** Exchanges a live refresh token for a new pair; reuse of a rotated one revokes its session. */
export async function rotateRefreshToken(
  db: Db,
  config: TokenConfig,
  refresh: string,
  now: Date,
): Promise<RotateResult> {
  type Rotated = { ok: true; user: AuthUser; refresh: string };
  const result = await db.transaction(async (tx): Promise<Rotated | Failure> => {
    const row = await lockRefreshToken(tx, sha256Hex(refresh));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.rotated_at) {
      // Committed even though the caller gets a 401: that is the point.
      await revokeSession(tx, row.session_id, now, 'reuse');
      return { ok: false, reason: 'reused' };
    }
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    await markRotated(tx, row.id, now);
    const next = await addRefreshToken(tx, config, row.session_id, now);
    const { user_id: id, username, email, role } = row;
    return { ok: true, user: { id, username, email, role }, refresh: next };
  });
  if (!result.ok) return result;
  const access = await signAccessToken(config, result.user, now);
  return { ok: true, tokens: { access, refresh: result.refresh } };
}

/** Logout: revokes the session the token belongs to. Unknown or dead tokens are fine. */
export async function endSession(db: Db, refresh: string, now: Date): Promise<void> {
  const sessionId = await findSessionIdByToken(db, sha256Hex(refresh));
  if (sessionId) await revokeSession(db, sessionId, now, 'logout');
}
