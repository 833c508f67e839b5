// Every SQL statement of the accounts resource. Callers pass `db` or, inside a transaction, `tx`.

import type { Role } from '../../auth/tokens.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { withCustomPlans } from '../../http/pagination.ts';

export type Purpose = 'signup' | 'password_reset';

// ---- verification codes ------------------------------------------------------------------------

/**
 * Before a new code: drop this address's pending codes (the new one supersedes them) and its
 * spent or lapsed verifications, plus anything anywhere older than a day.
 */
export async function clearOldCodes(
  q: Queryable,
  email: string,
  purpose: Purpose,
  now: Date,
): Promise<void> {
  await q.query`
    DELETE FROM verification_codes
     WHERE email = ${email} AND purpose = ${purpose}
       AND (verified_at IS NULL OR used_at IS NOT NULL OR verified_until <= ${now})`;
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await q.query`DELETE FROM verification_codes WHERE created_at < ${dayAgo}`;
}

export async function insertCode(
  q: Queryable,
  code: { email: string; purpose: Purpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query`
    INSERT INTO verification_codes (email, purpose, code_hash, created_at, expires_at)
    VALUES (${code.email}, ${code.purpose}, ${code.codeHash}, ${code.now}, ${code.expiresAt})`;
}

export interface PendingCode {
  id: number;
  code_hash: string;
  attempts: number;
}

/** The newest unexpired, not yet verified code, locked for the caller's transaction. */
export async function lockPendingCode(
  q: Queryable,
  email: string,
  purpose: Purpose,
  now: Date,
): Promise<PendingCode | null> {
  const [row] = await q.query<PendingCode>`
    SELECT id, code_hash, attempts FROM verification_codes
     WHERE email = ${email} AND purpose = ${purpose}
       AND verified_at IS NULL AND expires_at > ${now}
     ORDER BY created_at DESC, id DESC
     LIMIT 1
     FOR UPDATE`;
  return row ?? null;
}

export async function countWrongAttempt(q: Queryable, id: number): Promise<void> {
  await q.query`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ${id}`;
}

/** The code was right: verified until `until`, spendable only with the token whose digest this is. */
export async function markVerified(
  q: Queryable,
  id: number,
  verified: { now: Date; until: Date; tokenHash: string },
): Promise<void> {
  await q.query`
    UPDATE verification_codes
       SET verified_at = ${verified.now}, verified_until = ${verified.until},
           token_hash = ${verified.tokenHash}
     WHERE id = ${id}`;
}

/** A live, unspent verification of this address and purpose that was given this token. */
export async function hasVerification(
  q: Queryable,
  email: string,
  purpose: Purpose,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM verification_codes
       WHERE token_hash = ${tokenHash} AND email = ${email} AND purpose = ${purpose}
         AND verified_at IS NOT NULL AND used_at IS NULL AND verified_until > ${now}
    ) AS ok`;
  return row?.ok ?? false;
}

/**
 * Spends the verification that was given this token, once: of two concurrent callers only one
 * gets true (the second waits on the row lock, then finds used_at set).
 */
export async function spendVerification(
  q: Queryable,
  email: string,
  purpose: Purpose,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query<{ id: number }>`
    UPDATE verification_codes SET used_at = ${now}
     WHERE token_hash = ${tokenHash} AND email = ${email} AND purpose = ${purpose}
       AND verified_at IS NOT NULL AND used_at IS NULL AND verified_until > ${now}
    RETURNING id`;
  return rows.length > 0;
}

// ---- sessions and refresh tokens ---------------------------------------------------------------

export async function insertSession(
  q: Queryable,
  session: { id: string; userId: number; now: Date },
): Promise<void> {
  await q.query`
    INSERT INTO sessions (id, user_id, created_at)
    VALUES (${session.id}::uuid, ${session.userId}, ${session.now})`;
}

export async function insertRefreshToken(
  q: Queryable,
  token: { sessionId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query`
    INSERT INTO refresh_tokens (session_id, token_hash, created_at, expires_at)
    VALUES (${token.sessionId}::uuid, ${token.tokenHash}, ${token.now}, ${token.expiresAt})`;
}

export interface RefreshTokenRow {
  id: number;
  session_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  /** When the login began (sessions.created_at): the session's absolute lifetime counts from it. */
  session_started_at: Date;
  user_id: number;
  username: string;
  email: string;
  role: Role;
}

/** The token with its session and user, both rows locked so one family rotates one at a time. */
export async function lockRefreshToken(
  q: Queryable,
  tokenHash: string,
): Promise<RefreshTokenRow | null> {
  const [row] = await q.query<RefreshTokenRow>`
    SELECT t.id, t.session_id::text AS session_id, t.expires_at, t.rotated_at,
           s.revoked_at, s.created_at AS session_started_at, s.user_id, u.username, u.email, u.role
      FROM refresh_tokens t
      JOIN sessions s ON s.id = t.session_id
      JOIN users u ON u.id = s.user_id
     WHERE t.token_hash = ${tokenHash}
       FOR UPDATE OF t, s`;
  return row ?? null;
}

/** A refresh token of the session by its hash (the successor of one presented again). */
export async function findSessionToken(
  q: Queryable,
  sessionId: string,
  tokenHash: string,
): Promise<{ expires_at: Date; rotated_at: Date | null } | null> {
  const [row] = await q.query<{ expires_at: Date; rotated_at: Date | null }>`
    SELECT expires_at, rotated_at FROM refresh_tokens
     WHERE token_hash = ${tokenHash} AND session_id = ${sessionId}::uuid`;
  return row ?? null;
}

/** Many sessions with one refresh token each, in one statement (test and benchmark accounts). */
export async function insertSessionsWithTokens(
  q: Queryable,
  rows: { sessionIds: string[]; userIds: number[]; tokenHashes: string[] },
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await q.query`
    WITH s AS (
      INSERT INTO sessions (id, user_id, created_at)
      SELECT x.sid, x.uid, ${now}
        FROM unnest(${rows.sessionIds}::uuid[], ${rows.userIds}::bigint[]) AS x(sid, uid)
      RETURNING id)
    INSERT INTO refresh_tokens (session_id, token_hash, created_at, expires_at)
    SELECT s.id, x.hash, ${now}, ${expiresAt}
      FROM unnest(${rows.sessionIds}::uuid[], ${rows.tokenHashes}::text[]) AS x(sid, hash)
      JOIN s ON s.id = x.sid`;
}

export async function markRotated(q: Queryable, tokenId: number, now: Date): Promise<void> {
  await q.query`UPDATE refresh_tokens SET rotated_at = ${now} WHERE id = ${tokenId}`;
}

export async function findSessionIdByToken(
  q: Queryable,
  tokenHash: string,
): Promise<string | null> {
  const [row] = await q.query<{ session_id: string }>`
    SELECT session_id::text AS session_id FROM refresh_tokens WHERE token_hash = ${tokenHash}`;
  return row?.session_id ?? null;
}

export async function revokeSession(
  q: Queryable,
  sessionId: string,
  now: Date,
  reason: string,
): Promise<void> {
  await q.query`
    UPDATE sessions SET revoked_at = ${now}, revoked_reason = ${reason}
     WHERE id = ${sessionId}::uuid AND revoked_at IS NULL`;
}

export async function revokeUserSessions(
  q: Queryable,
  userId: number,
  now: Date,
  reason: string,
): Promise<number> {
  const rows = await q.query<{ id: string }>`
    UPDATE sessions SET revoked_at = ${now}, revoked_reason = ${reason}
     WHERE user_id = ${userId} AND revoked_at IS NULL
    RETURNING id::text AS id`;
  return rows.length;
}

/** Housekeeping at login: a user's dead sessions (revoked, or every token expired) go away. */
export async function purgeUserSessions(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query`
    DELETE FROM sessions s
     WHERE s.user_id = ${userId}
       AND (s.revoked_at IS NOT NULL
            OR NOT EXISTS (SELECT 1 FROM refresh_tokens t
                            WHERE t.session_id = s.id AND t.expires_at > ${now}))`;
}

/** An account in the admin's user and owner lists. */
export interface ListedAccount {
  id: number;
  username: string;
  email: string;
  role: Role;
  date_joined: Date;
  /** How many theaters the account owns. */
  theater_count: number;
}

/**
 * Accounts of one role, newest first, matching `pattern` (ILIKE) on the username or email.
 * One statement: every row carries total_count, counted up to `countCap` (null: all); a page
 * past the end is a single row of nulls but for it. `limit` null: every row. Planned for its
 * values (withCustomPlans): a rare name is found through the trigram indexes, the newest
 * first through users_role_created_idx; `matching` is read twice, each read planned on its own.
 */
export async function pageAccounts(
  db: Db,
  filter: {
    role: Role;
    pattern: string | null;
    limit: number | null;
    offset: number;
    countCap: number | null;
  },
): Promise<(ListedAccount & { total_count: number })[]> {
  const { role, pattern, limit, offset, countCap } = filter;
  return await withCustomPlans(
    db,
    (q) => q.query<ListedAccount & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
      SELECT id, created_at FROM users
       WHERE role = ${role}
         AND (${pattern}::text IS NULL OR username ILIKE ${pattern} OR email ILIKE ${pattern})
    ), page AS (
      SELECT id, created_at FROM matching
       ORDER BY created_at DESC, id DESC
       LIMIT ${limit}::bigint OFFSET ${offset}
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${countCap}::bigint) c) n
      LEFT JOIN LATERAL (
        SELECT u.id, u.username, u.email, u.role, u.created_at AS date_joined,
               (SELECT count(*) FROM theaters t WHERE t.owner_id = u.id) AS theater_count
          FROM page pg JOIN users u ON u.id = pg.id) p ON true
     ORDER BY p.date_joined DESC, p.id DESC`,
  );
}
