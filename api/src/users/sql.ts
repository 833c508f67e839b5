// The users table: the account lookups every authenticated request needs (the user of a live
// session) and the few writes of accounts, shared by the accounts resource, the auth middleware,
// the admin account and the demo data. Callers pass `db` or, inside a transaction, `tx`.
import type { AuthUser, Role } from '../auth/tokens.ts';
import type { Queryable } from '../db/db.ts';

export interface UserRow extends Omit<AuthUser, 'scans_for'> {
  password_hash: string;
}

export interface SessionKey {
  userId: number;
  sessionId: string;
}

/**
 * The user of a live session: the session exists (not purged), is not revoked, and belongs to
 * that user. Every authenticated request asks this, in one round trip, so a logout, a detected
 * refresh-token reuse or a password reset refuses the session's access tokens at once.
 */
export async function findSessionUser(
  q: Queryable,
  userId: number,
  sessionId: string,
): Promise<AuthUser | null> {
  const [user] = await findSessionUsers(q, [{ userId, sessionId }]);
  return user ?? null;
}

/** findSessionUser for many sessions in one statement (db/batched.ts): one answer per key, in
 * order. Sessions are found by their primary key, then matched to the key's user here. */
export async function findSessionUsers(
  q: Queryable,
  keys: readonly SessionKey[],
): Promise<(AuthUser | null)[]> {
  // scans_for: the sub-select runs for door accounts only (CASE evaluates it lazily), so every
  // other request costs what it did (docs/decisions/0040-door-staff.md).
  const rows = await q.query<AuthUser & { session_id: string }>`
    SELECT s.id AS session_id, u.id, u.username, u.email, u.role,
           CASE WHEN u.role = 'door' THEN
             (SELECT d.owner_id FROM door_staff d
               WHERE d.user_id = u.id AND d.removed_at IS NULL)
           END AS scans_for
      FROM sessions s
      JOIN users u ON u.id = s.user_id
     WHERE s.id = ANY (${keys.map((k) => k.sessionId)}::uuid[]) AND s.revoked_at IS NULL`;
  const bySession = new Map(rows.map(({ session_id, ...user }) => [session_id, user]));
  return keys.map((key) => {
    const user = bySession.get(key.sessionId);
    return user?.id === key.userId ? user : null;
  });
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await q.query<UserRow>`
    SELECT id, username, email, role, password_hash FROM users WHERE email = ${email}`;
  return row ?? null;
}

/** By email when the identifier contains '@' (usernames cannot), else by username, any case. */
export async function findUserByLogin(q: Queryable, identifier: string): Promise<UserRow | null> {
  if (identifier.includes('@')) return findUserByEmail(q, identifier.toLowerCase());
  const [row] = await q.query<UserRow>`
    SELECT id, username, email, role, password_hash FROM users
     WHERE lower(username) = lower(${identifier})`;
  return row ?? null;
}

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  const [row] = await q.query<{ taken: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users WHERE email = ${email}) AS taken`;
  return row?.taken ?? false;
}

export async function usernameTaken(q: Queryable, username: string): Promise<boolean> {
  const [row] = await q.query<{ taken: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(${username})) AS taken`;
  return row?.taken ?? false;
}

/**
 * Whether a user's name looks like `username` (either key of migration 0018), whatever its case
 * and script: 'аdmin' with a Cyrillic а, 'ΑDMIN' with a Greek Α and 'adrnin' look like 'admin'.
 */
export async function usernameLookalikeTaken(q: Queryable, username: string): Promise<boolean> {
  const [row] = await q.query<{ taken: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users
                    WHERE username_skeleton = username_skeleton(${username}, false)
                       OR username_folded = username_skeleton(${username}, true)) AS taken`;
  return row?.taken ?? false;
}

/** The unique indexes that keep look-alike names apart (a signup racing another hits one). */
export const USERNAME_LOOKALIKE_INDEXES = [
  'users_username_skeleton_key',
  'users_username_folded_key',
];

export async function insertUser(
  q: Queryable,
  user: { username: string; email: string; passwordHash: string; role: Role; now: Date },
): Promise<AuthUser> {
  // A new account is bound to no owner yet (a door account's binding is its door_staff row).
  const [row] = await q.query<AuthUser>`
    INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
    VALUES (${user.username}, ${user.email}, ${user.passwordHash}, ${user.role}, ${user.now}, ${user.now})
    RETURNING id, username, email, role, NULL::bigint AS scans_for`;
  if (!row) throw new Error('INSERT INTO users returned no row');
  return row;
}

export async function updateUser(
  q: Queryable,
  id: number,
  changes: { passwordHash: string; role?: Role; now: Date },
): Promise<void> {
  await q.query`
    UPDATE users
       SET password_hash = ${changes.passwordHash},
           role = coalesce(${changes.role ?? null}::text, role),
           updated_at = ${changes.now}
     WHERE id = ${id}`;
}
