// Access tokens: short-lived HS256 JWTs that name their session (`sid`), so a logout, a detected
// refresh-token reuse or a password reset ends them at once: every authenticated request checks the
// session (http/auth.ts). Refresh tokens are not JWTs at all (see secrets.ts and the sessions
// table), so one can never pass for an access token.
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';

export const TOKEN_ISSUER = 'cinebook-api';
export const TOKEN_AUDIENCE = 'cinebook';
export const ACCESS_TOKEN_TYPE = 'access';

/** 'door': door staff, who may only scan tickets (docs/decisions/0040-door-staff.md). */
export type Role = 'user' | 'owner' | 'admin' | 'door';
export const ROLES: readonly Role[] = ['user', 'owner', 'admin', 'door'];

/** The account as tokens, responses and `c.var.user` describe it. */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  /**
   * For a door account, the owner whose theaters it may scan; null for every other role and for
   * a door account its owner removed (docs/decisions/0040-door-staff.md). Read with the user on
   * every request, never carried in a token.
   */
  scans_for: number | null;
}

/** What an access token says of its user (scans_for is read per request, never signed). */
export type TokenUser = Pick<AuthUser, 'id' | 'username' | 'email' | 'role'>;

export interface AccessClaims {
  sub: string;
  user_id: number;
  username: string;
  email: string;
  role: Role;
  /** The id of the session (login) the token belongs to: a uuid. */
  sid: string;
  typ: typeof ACCESS_TOKEN_TYPE;
  iat: number;
  exp: number;
}

type TokenConfig = Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds'>;

// Given the secret's bytes, jose imports an HMAC key on every sign and verify; imported once per
// secret instead, each first check of a token costs its signature only (the on-sale's joins are
// each a first check: docs/speed.md).
const keys = new Map<string, Promise<CryptoKey>>();
/** The HMAC-SHA-256 key of `secret`, for signing and checking HS256 tokens (this module's and
 * the admission tokens'). */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, k);
  }
  return k;
}

// As crypto.randomUUID() writes them; checked before the id reaches a `::uuid` cast.
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function signAccessToken(
  config: TokenConfig,
  user: TokenUser,
  sessionId: string,
  now: Date,
): Promise<string> {
  if (!SESSION_ID.test(sessionId)) throw new Error(`not a session id: ${sessionId}`);
  const iat = Math.floor(now.getTime() / 1000);
  // user_id too: the client keeps the decoded token as its session user and reads user_id.
  return await new SignJWT({
    typ: ACCESS_TOKEN_TYPE,
    sid: sessionId,
    user_id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + config.accessTokenTtlSeconds)
    .sign(await hmacKey(config.jwtSecret));
}

// Checking an HS256 signature through WebCrypto costs tens of microseconds of CPU, on every
// request. A token's signature and fixed claims are checked once; the claims are then kept (per
// secret, the oldest dropped beyond VERIFIED_MAX) and only the expiry, the one check that depends
// on the time, is made again at each use. Only claims are kept, never whether the session is still
// alive: that is read from the database on every request.
const VERIFIED_MAX = 10_000;
const verified = new Map<string, Map<string, AccessClaims>>();

function remember(secret: string, token: string, claims: AccessClaims): void {
  let bySecret = verified.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    verified.set(secret, bySecret);
  }
  if (bySecret.size >= VERIFIED_MAX) {
    const oldest = bySecret.keys().next().value;
    if (oldest !== undefined) bySecret.delete(oldest);
  }
  bySecret.set(token, claims);
}

/**
 * The claims of a valid access token, or null: bad signature, another algorithm (alg is pinned to
 * HS256, so `none` and public-key tricks fail), expired, wrong issuer or audience, not an
 * access token, or naming no session (tokens from before sessions were named).
 */
export async function verifyAccessToken(
  config: Pick<Config, 'jwtSecret'>,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const known = verified.get(config.jwtSecret)?.get(token);
  // Expired exactly as jose decides it: exp <= now, in whole seconds.
  if (known) return known.exp > Math.floor(now.getTime() / 1000) ? known : null;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(config.jwtSecret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: now,
    });
    if (payload.typ !== ACCESS_TOKEN_TYPE) return null;
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(payload.sub)) return null;
    if (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null;
    const claims = payload as unknown as AccessClaims;
    remember(config.jwtSecret, token, claims);
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
