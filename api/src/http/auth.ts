// Authentication for routes: `requireAuth` turns a Bearer access token into `c.var.user` (read
// fresh from the database together with the token's session, so a deleted user or an ended login
// is out and a changed role counts at once); `requireRole('owner', ...)` does the same and then
// checks the role.
//
//   export const postTheater = factory.createHandlers(requireRole('owner'), validate(...), (c) => {
//     const { id, role, username, email } = c.var.user;
//   });
//
// A door account (role 'door', docs/decisions/0040-door-staff.md) is refused 403 by every check
// here unless the route lets it in: requireRole naming 'door', or `{ door: true }` (profile,
// logout). The refusal reads the token's role claim, before any query: a door account's tokens
// all say 'door' (the role is set at signup and never changes), so it costs nothing elsewhere.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type AuthUser, type Role, verifyAccessToken } from '../auth/tokens.ts';
import { batched } from '../db/batched.ts';
import { sessionMemory } from '../live/sessions.ts';
import { findSessionUsers } from '../users/sql.ts';
import type { AppEnv } from './context.ts';
import { ApiError, type ErrorCode } from './errors.ts';

export type { AuthUser, Role } from '../auth/tokens.ts';

/** The environment of a handler behind requireAuth or requireRole: `c.var.user` is set. */
export type AuthEnv = {
  Variables: AppEnv['Variables'] & { user: AuthUser };
};

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Invalid or expired token.';
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';

const BEARER = /^Bearer +([A-Za-z0-9\-_.]+) *$/i;

/**
 * Deploy keys (releases/keys/, docs/decisions/0035-deploy-keys.md) start with this. They open the
 * release routes only (releases/keys/access.ts): everywhere else a token check refuses one with
 * 403, never reading it as an access token.
 */
export const DEPLOY_KEY_PREFIX = 'cdk_';
export const KEYS_NOT_HERE = 'Deploy keys are accepted only by the release routes.';

/** The Bearer credential of the request, or null when none or a malformed one is sent. */
export function bearerOf<E extends AppEnv>(c: Context<E>): string | null {
  return BEARER.exec(c.req.header('Authorization') ?? '')?.[1] ?? null;
}

function unauthenticated(detail: string, code: ErrorCode): ApiError {
  return new ApiError(401, detail, code, {}, { 'WWW-Authenticate': 'Bearer realm="api"' });
}

/** Whom a valid access token names: the user and the session (login) it was issued to. */
export interface TokenSubject {
  userId: number;
  sessionId: string;
  /** When the token stops being valid (its `exp`): a stream ends then. */
  expiresAt: Date;
}

/** Whether a route lets a door account in (docs/decisions/0040-door-staff.md). */
export interface DoorOption {
  door?: boolean;
}

/**
 * The user and session a valid access token names (the database is not read, so neither is known
 * to be alive yet), or a 401 ApiError; a 403 for a door account's token unless `door` is set.
 */
export async function tokenSubject<E extends AppEnv>(
  c: Context<E>,
  { door = false }: DoorOption = {},
): Promise<TokenSubject> {
  const header = c.req.header('Authorization');
  if (!header?.trim()) throw unauthenticated(NOT_AUTHENTICATED, 'not_authenticated');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
  if (token.startsWith(DEPLOY_KEY_PREFIX)) {
    throw new ApiError(403, KEYS_NOT_HERE, 'permission_denied');
  }
  const claims = await verifyAccessToken(c.get('config'), token, c.get('clock')());
  if (!claims) throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
  if (claims.role === 'door' && !door) {
    throw new ApiError(403, PERMISSION_DENIED, 'permission_denied');
  }
  return {
    userId: Number(claims.sub),
    sessionId: claims.sid,
    expiresAt: new Date(claims.exp * 1000),
  };
}

/** users/sql.ts findSessionUser, the reads of concurrent requests in one statement
 * (db/batched.ts): at an on-sale's opening thousands of fans a second bring a session this instance
 * has not seen yet. */
const findSessionUser = batched(findSessionUsers);

/**
 * The user the request's access token names, if that token's session is still alive (not logged
 * out, not revoked for reuse or a password reset), or a 401 ApiError. One round trip: the user
 * and the session in one query (shared with concurrent requests'), never cached.
 */
export async function authenticate<E extends AppEnv>(
  c: Context<E>,
  options: DoorOption = {},
): Promise<AuthUser> {
  const { userId, sessionId } = await tokenSubject(c, options);
  const user = await findSessionUser(c.get('db'), { userId, sessionId });
  if (!user) throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
  return user;
}

/**
 * The 401 of a valid token whose user no longer exists or whose session ended (for handlers
 * behind requireToken).
 */
export function userGone(): never {
  throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
}

/** The environment of a handler behind requireToken: `c.var.userId` and `c.var.sessionId` are set. */
export type TokenEnv = {
  Variables: AppEnv['Variables'] & { userId: number; sessionId: string };
};

/**
 * For the hottest reads only: checks the token but leaves reading the user AND the session to the
 * handler's own query, which must answer userGone() when the user no longer exists or the session
 * is not alive (one database round trip instead of two), or to what this instance knows of the
 * session while it hears every ended one (the seat map: live/sessions.ts). Everything else uses
 * requireAuth.
 */
export const requireToken = createMiddleware<TokenEnv>(async (c, next) => {
  const { userId, sessionId } = await tokenSubject(c);
  c.set('userId', userId);
  c.set('sessionId', sessionId);
  await next();
});

/** The environment of a handler behind requireRoleFromMemory: the caller's id, session and role. */
export type KnownEnv = {
  Variables: TokenEnv['Variables'] & { role: Role };
};

/**
 * requireRole for the on-sale's hottest calls (a waiting line's joins and polls, thousands a
 * second): while this instance hears every ended session and changed role (live/sessions.ts,
 * docs/decisions/0030-seat-map-from-memory.md), a session it has seen alive is taken from memory,
 * so a revoked one is still refused within a second, with no round trip; otherwise the session is
 * read (and learnt) as requireRole reads it. Sets the caller's id and role, not the whole user.
 */
export function requireRoleFromMemory(...roles: Role[]) {
  const allowed = new Set<Role>(roles);
  const door = allowed.has('door');
  return createMiddleware<KnownEnv>(async (c, next) => {
    const { userId, sessionId } = await tokenSubject(c, { door });
    const db = c.get('db');
    const live = c.get('live');
    const sessions = sessionMemory(db);
    const known = sessions.get(sessionId, userId);
    // An ended session never comes back: refused from memory whether or not it is current.
    if (known === 'ended') userGone();
    let role: Role;
    if (known && live.current() !== null) {
      role = known.role;
    } else {
      // Taken before the read: what it finds is learnt only if nothing was missed meanwhile.
      const epoch = live.epoch();
      const mark = sessions.mark();
      const user = await findSessionUser(db, { userId, sessionId });
      if (!user) userGone();
      if (epoch !== null && epoch === live.epoch()) {
        sessions.learn(sessionId, { userId, role: user.role }, mark);
      }
      role = user.role;
    }
    if (!allowed.has(role)) throw new ApiError(403, PERMISSION_DENIED, 'permission_denied');
    c.set('userId', userId);
    c.set('sessionId', sessionId);
    c.set('role', role);
    await next();
  });
}

export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  c.set('user', await authenticate(c));
  await next();
});

/** requireAuth that lets door accounts in too: what every account may do (its profile). */
export const requireAnyAccount = createMiddleware<AuthEnv>(async (c, next) => {
  c.set('user', await authenticate(c, { door: true }));
  await next();
});

/** Authenticates if requireAuth has not already, then allows only the given roles (403 else). */
export function requireRole(...roles: Role[]) {
  const allowed = new Set<Role>(roles);
  const door = allowed.has('door');
  return createMiddleware<AuthEnv>(async (c, next) => {
    const user = (c.var as Partial<AuthEnv['Variables']>).user ?? (await authenticate(c, { door }));
    c.set('user', user);
    if (!allowed.has(user.role)) throw new ApiError(403, PERMISSION_DENIED, 'permission_denied');
    await next();
  });
}
