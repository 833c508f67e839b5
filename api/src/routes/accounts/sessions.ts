// Logins as sessions (token families): an access JWT naming the session plus an opaque refresh
// token that is stored hashed, expires, and is replaced on every use. A refresh token presented a
// second time means it was copied: the whole session is revoked, so the thief's and the owner's
// tokens both stop (refresh tokens at once, access tokens at their next request: http/auth.ts
// checks the session on every one). Except within REFRESH_REUSE_GRACE_SECONDS of its rotation:
// then it is another tab of the same browser that raced the first, and it gets the successor
// already issued instead. However often it is refreshed, a login lasts SESSION_MAX_AGE_SECONDS.
import { createHmac, randomUUID } from 'node:crypto';
import { newRefreshToken, sha256Hex } from '../../auth/secrets.ts';
import { signAccessToken, type TokenUser } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import {
  findSessionIdByToken,
  findSessionToken,
  insertRefreshToken,
  insertSession,
  insertSessionsWithTokens,
  lockRefreshToken,
  markRotated,
  purgeUserSessions,
  revokeSession,
} from './sql.ts';

/**
 * How long after its rotation a refresh token may come back without counting as reuse: long
 * enough for tabs that refreshed at the same moment (and a slow network), short enough that a
 * stolen token replayed later still revokes the login.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
// A chain this long inside the grace is no tab race; give up rather than walk on.
const MAX_SUCCESSOR_STEPS = 20;

/**
 * The absolute lifetime of a login: a refresh token is renewed for refreshTokenTtlSeconds on
 * every use, but never past this long after the login itself; then refresh is refused (401) and
 * the user signs in again. A stolen refresh token kept alive by use dies with its login.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface TokenPair {
  access: string;
  refresh: string;
}

type TokenConfig = Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;

/**
 * The refresh token that replaces `refresh`: derived from it with the server secret rather than
 * drawn at random, so a second presentation within the grace can answer the same successor again
 * although only hashes are stored. Without the secret a successor is as unguessable as a random
 * token; with it one could sign access tokens anyway.
 */
function successorOf(secret: string, refresh: string): string {
  return createHmac('sha256', secret)
    .update(`cinebook refresh successor\0${refresh}`)
    .digest('base64url');
}

/** When the end of the session's lifetime comes, for a login at `startedAt`. */
function sessionEnd(startedAt: Date): Date {
  return new Date(startedAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
}

/** A refresh token's expiry: the renewal period, cut at the end of its session's lifetime. */
function refreshExpiry(config: TokenConfig, now: Date, sessionStartedAt: Date = now): Date {
  const renewed = now.getTime() + config.refreshTokenTtlSeconds * 1000;
  return new Date(Math.min(renewed, sessionEnd(sessionStartedAt).getTime()));
}

async function addRefreshToken(
  q: Queryable,
  config: TokenConfig,
  sessionId: string,
  refresh: string,
  now: Date,
  sessionStartedAt: Date = now,
) {
  await insertRefreshToken(q, {
    sessionId,
    tokenHash: sha256Hex(refresh),
    now,
    expiresAt: refreshExpiry(config, now, sessionStartedAt),
  });
  return refresh;
}

/** A new session for a user who just proved who they are. */
export async function startSession(
  db: Db,
  config: TokenConfig,
  user: TokenUser,
  now: Date,
): Promise<TokenPair> {
  const sessionId = randomUUID();
  // With retry: the purge locks a session then its tokens, a refresh the other way round, so a
  // login racing a refresh of the same user's old session may deadlock (never a 500).
  const refresh = await transactionWithRetry(db, async (tx) => {
    await purgeUserSessions(tx, user.id, now);
    await insertSession(tx, { id: sessionId, userId: user.id, now });
    return await addRefreshToken(tx, config, sessionId, newRefreshToken(), now);
  });
  return { access: await signAccessToken(config, user, sessionId, now), refresh };
}

/**
 * Sessions opened without a login, one per user, in one statement: for the test helpers and the
 * benchmark, which need tokens for hundreds of accounts without hashing a password for each.
 */
export async function openSessions(
  q: Queryable,
  config: TokenConfig,
  users: TokenUser[],
  now: Date,
): Promise<TokenPair[]> {
  const sessionIds = users.map(() => randomUUID());
  const refreshes = users.map(() => newRefreshToken());
  if (users.length > 0) {
    await insertSessionsWithTokens(
      q,
      { sessionIds, userIds: users.map((u) => u.id), tokenHashes: refreshes.map(sha256Hex) },
      now,
      refreshExpiry(config, now),
    );
  }
  return await Promise.all(
    users.map(async (user, i) => ({
      access: await signAccessToken(config, user, sessionIds[i] as string, now),
      refresh: refreshes[i] as string,
    })),
  );
}

type Failure = { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };
export type RotateResult = { ok: true; tokens: TokenPair } | Failure;

/**
 * The live end of the chain of successors of `refresh` in the session, or null. Called with the
 * session row locked, so no rotation in the session runs meanwhile.
 */
async function liveSuccessor(
  q: Queryable,
  config: TokenConfig,
  sessionId: string,
  refresh: string,
  now: Date,
): Promise<string | null> {
  let token = refresh;
  for (let step = 0; step < MAX_SUCCESSOR_STEPS; step++) {
    token = successorOf(config.jwtSecret, token);
    const row = await findSessionToken(q, sessionId, sha256Hex(token));
    // Not found: issued under another secret, or purged. Nothing to hand out.
    if (!row) return null;
    if (!row.rotated_at) return row.expires_at.getTime() > now.getTime() ? token : null;
  }
  return null;
}

/**
 * Exchanges a live refresh token for a new pair. A rotated one presented again within the grace
 * gets the live successor (and a fresh access token); after the grace its session is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  config: TokenConfig,
  refresh: string,
  now: Date,
): Promise<RotateResult> {
  type Rotated = { ok: true; user: TokenUser; sessionId: string; refresh: string };
  const result = await transactionWithRetry(db, async (tx): Promise<Rotated | Failure> => {
    // Locks the token and its session: every rotation of one session takes its turn here.
    const row = await lockRefreshToken(tx, sha256Hex(refresh));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    const { session_id: sessionId, user_id: id, username, email, role } = row;
    const user = { id, username, email, role };
    if (row.rotated_at) {
      // The grace counts from the first rotation, so presenting the token again never extends it.
      if (now.getTime() - row.rotated_at.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000) {
        const live = await liveSuccessor(tx, config, sessionId, refresh, now);
        if (!live) return { ok: false, reason: 'unknown' };
        return { ok: true, user, sessionId, refresh: live };
      }
      // Committed even though the caller gets a 401: that is the point.
      await revokeSession(tx, sessionId, now, 'reuse');
      return { ok: false, reason: 'reused' };
    }
    // Tokens issued before the lifetime was cut at the session's end may outlive it: checked too.
    if (
      row.expires_at.getTime() <= now.getTime() ||
      sessionEnd(row.session_started_at).getTime() <= now.getTime()
    ) {
      return { ok: false, reason: 'expired' };
    }
    await markRotated(tx, row.id, now);
    const next = successorOf(config.jwtSecret, refresh);
    await addRefreshToken(tx, config, sessionId, next, now, row.session_started_at);
    return { ok: true, user, sessionId, refresh: next };
  });
  if (!result.ok) return result;
  const access = await signAccessToken(config, result.user, result.sessionId, now);
  return { ok: true, tokens: { access, refresh: result.refresh } };
}

/** Logout: revokes the session the token belongs to. Unknown or dead tokens are fine. */
export async function endSession(db: Db, refresh: string, now: Date): Promise<void> {
  const sessionId = await findSessionIdByToken(db, sha256Hex(refresh));
  if (sessionId) await revokeSession(db, sessionId, now, 'logout');
}
