// Admin accounts are never created through signup: main.ts calls ensureAdmin at start with
// ADMIN_EMAIL / ADMIN_PASSWORD, or with the documented demo admin on the embedded development
// database.

import { DEMO_ADMIN } from '../../../../packages/contract/src/index.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { findUserByEmail, insertUser, updateUser, usernameTaken } from '../../users/sql.ts';
import { revokeUserSessions } from './sql.ts';

// The demo admin is written once, in packages/contract (the release CLI signs in with it too).
export { DEMO_ADMIN } from '../../../../packages/contract/src/index.js';

export interface AdminAccount {
  email: string;
  password: string;
  /** True for the built-in demo admin (embedded database, outside production, no ADMIN_*). */
  demo: boolean;
}

/** Which admin to ensure at start, if any. */
export function adminAccount(config: Config): AdminAccount | null {
  if (config.adminEmail && config.adminPassword) {
    return { email: config.adminEmail, password: config.adminPassword, demo: false };
  }
  if (config.databaseUrl === null && !config.isProduction) return { ...DEMO_ADMIN, demo: true };
  return null;
}

export interface EnsureAdminResult {
  user: AuthUser;
  action: 'created' | 'updated' | 'unchanged';
}

// Serialises instances starting together (the migration runner uses 827361001).
const ADMIN_LOCK = 827361002;

/**
 * Makes the account with this email an admin with this password: creates it (username 'admin',
 * or derived from the email when taken), or promotes it and sets the password, signing it out
 * everywhere when the password changed.
 */
export async function ensureAdmin(
  db: Db,
  rawEmail: string,
  password: string,
  now: Date = new Date(),
): Promise<EnsureAdminResult> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  // Hashing outside the transaction; an unchanged password is not rehashed at every start.
  const samePassword = existing ? await verifyPassword(existing.password_hash, password) : false;
  const passwordHash = samePassword ? null : await hashPassword(password);
  return await db.transaction(async (tx) => {
    await tx.query`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`;
    const user = await findUserByEmail(tx, email);
    if (!user) {
      const username = await freeUsername(tx, email);
      const hash = passwordHash ?? (await hashPassword(password));
      const created = await insertUser(tx, {
        username,
        email,
        passwordHash: hash,
        role: 'admin',
        now,
      });
      return { user: created, action: 'created' };
    }
    const profile: AuthUser = {
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'admin',
      scans_for: null,
    };
    if (user.role === 'admin' && passwordHash === null)
      return { user: profile, action: 'unchanged' };
    await updateUser(tx, user.id, {
      passwordHash: passwordHash ?? user.password_hash,
      role: 'admin',
      now,
    });
    if (passwordHash !== null) await revokeUserSessions(tx, user.id, now, 'admin_password');
    return { user: profile, action: 'updated' };
  });
}

/** 'admin' if free, else the email's local part, else that with a number. */
async function freeUsername(tx: Parameters<typeof usernameTaken>[0], email: string) {
  const local = email.split('@')[0]?.replace(/[^\p{L}\p{N}._-]/gu, '') || 'admin';
  for (const candidate of ['admin', local]) {
    if (!(await usernameTaken(tx, candidate))) return candidate;
  }
  for (let n = 2; ; n++) {
    const candidate = `${local}${n}`;
    if (!(await usernameTaken(tx, candidate))) return candidate;
  }
}
