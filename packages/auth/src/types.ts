// The session's shapes, one floor below the store (session.ts) and the storage reader
// (storedSession.ts), which both need them: neither imports the other's types back.

/**
 * The roles the product knows ('door': door staff, who only scan tickets; docs/decisions/
 * 0040-door-staff.md); a string the product does not know yet still passes through.
 */
export type Role = 'user' | 'owner' | 'admin' | 'door' | (string & {});

/** Ids arrive as numbers from the API and as strings in the JWT `sub`; digit strings become numbers. */
export type UserId = number | string;

/**
 * The signed-in user: every claim of the access token as decoded, plus the fields the login
 * response told us. `user_id` and `id` hold the same value because screens read both.
 */
export interface SessionUser {
  [claim: string]: unknown;
  user_id: UserId | null;
  id: UserId | null;
  username: string | null;
  email: string | null;
  role: Role | null;
  /** Expiry of the access token, in seconds since the epoch. */
  exp: number | null;
}

export interface LoginResponse {
  access: string;
  refresh: string;
  user?: {
    id?: UserId | null;
    username?: string | null;
    email?: string | null;
    role?: Role | null;
  } | null;
  role?: Role | null;
}

/** What the session keeps in place of the refresh token: storedSession.ts REFRESH_IN_COOKIE. */
export type RefreshMarker = 'in-httponly-cookie';

/** What is persisted: the auth state of docs/spec-notes.md; all null when logged out. */
export interface Session {
  user: SessionUser | null;
  access: string | null;
  /**
   * REFRESH_IN_COOKIE when the API holds a refresh token for this browser in its HttpOnly cookie,
   * null when there is none. Never the token: a script on the origin must not be able to carry
   * the session away (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md).
   */
  refresh: RefreshMarker | null;
}
