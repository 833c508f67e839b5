// Authentication for routes: `requireAuth` turns a Bearer access token into `c.var.user` (read
// fresh from the database, so a deleted user is out and a changed role counts at once);
// `requireRole('owner', ...)` does the same and then checks the role.
//
//   export const postTheater = factory.createHandlers(requireRole('owner'), validate(...), (c) => {
//     const { id, role, username, email } = c.var.user;
//   });
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type AuthUser, type Role, verifyAccessToken } from '../auth/tokens.ts';
import { findUserById } from '../routes/accounts/sql.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

export type { AuthUser, Role } from '../auth/tokens.ts';

/** The environment of a handler behind requireAuth or requireRole: `c.var.user` is set. */
export type AuthEnv = {
  Variables: AppEnv['Variables'] & { user: AuthUser };
};

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Invalid or expired token.';
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';

const BEARER = /^Bearer +([A-Za-z0-9\-_.]+) *$/i;

function unauthenticated(detail: string, code: string): ApiError {
  return new ApiError(401, detail, code, {}, { 'WWW-Authenticate': 'Bearer realm="api"' });
}

/** The user id a valid access token names (the database is not read), or a 401 ApiError. */
export async function tokenUserId<E extends AppEnv>(c: Context<E>): Promise<number> {
  const header = c.req.header('Authorization');
  if (!header?.trim()) throw unauthenticated(NOT_AUTHENTICATED, 'not_authenticated');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
  const claims = await verifyAccessToken(c.var.config, token, c.var.clock());
  if (!claims) throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
  return Number(claims.sub);
}

/** The user the request's access token names, or a 401 ApiError. */
export async function authenticate<E extends AppEnv>(c: Context<E>): Promise<AuthUser> {
  const user = await findUserById(c.var.db, await tokenUserId(c));
  if (!user) throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
  return user;
}

/** The 401 of a valid token whose user no longer exists (for handlers behind requireToken). */
export function userGone(): never {
  throw unauthenticated(INVALID_TOKEN, 'token_not_valid');
}

/** The environment of a handler behind requireToken: `c.var.userId` is set. */
export type TokenEnv = {
  Variables: AppEnv['Variables'] & { userId: number };
};

/**
 * For the hottest reads only: checks the token but leaves reading the user to the handler's own
 * query, which must answer userGone() when the user no longer exists (one database round trip
 * instead of two). Everything else uses requireAuth.
 */
export const requireToken = createMiddleware<TokenEnv>(async (c, next) => {
  c.set('userId', await tokenUserId(c));
  await next();
});

export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  c.set('user', await authenticate(c));
  await next();
});

/** Authenticates if requireAuth has not already, then allows only the given roles (403 else). */
export function requireRole(...roles: Role[]) {
  const allowed = new Set<Role>(roles);
  return createMiddleware<AuthEnv>(async (c, next) => {
    const user = (c.var as Partial<AuthEnv['Variables']>).user ?? (await authenticate(c));
    c.set('user', user);
    if (!allowed.has(user.role)) throw new ApiError(403, PERMISSION_DENIED, 'permission_denied');
    await next();
  });
}
