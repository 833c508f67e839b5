// The refresh token as a cookie the browser keeps and no script can read
// (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md): HttpOnly, SameSite=Strict, scoped
// to the one path that reads it, Secure whenever the browser reached us over HTTPS. Login sets it,
// token/refresh rotates it, logout clears it. The body forms of the spec (docs/spec-notes.md,
// "Calls") stay for clients that keep the token themselves.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';

export const REFRESH_COOKIE = 'cinebook_refresh';
/** Sent with token/refresh (with or without its trailing slash) and nothing else. */
export const REFRESH_COOKIE_PATH = '/api/token/refresh';

/**
 * Whether the browser talks to us over HTTPS: the request's own scheme, or the scheme a trusted
 * proxy says it received (TRUST_PROXY), and always in production. On plain http (`npm start` on
 * localhost) a Secure cookie would be refused by browsers that do not treat the host as secure.
 */
function overHttps(c: Context<AppEnv>): boolean {
  const { config } = c.var;
  if (config.isProduction) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',').at(-1)?.trim();
  return config.trustProxyHops > 0 && forwarded === 'https';
}

export function setRefreshCookie(c: Context<AppEnv>, refresh: string): void {
  setCookie(c, REFRESH_COOKIE, refresh, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    secure: overHttps(c),
    sameSite: 'Strict',
    maxAge: c.var.config.refreshTokenTtlSeconds,
  });
}

export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    secure: overHttps(c),
    sameSite: 'Strict',
  });
}

/**
 * The refresh token of the cookie, when the request may use it. SameSite=Strict already keeps it
 * off requests started by other sites; a browser request from another origin of the same site
 * (another port of localhost, a sibling subdomain) must also be one the API lets read its answers
 * (CORS_ORIGINS) or the page's own origin, else 403.
 */
export function refreshFromCookie(c: Context<AppEnv>): string | null {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) return null;
  const origin = c.req.header('Origin');
  if (origin !== undefined && !c.var.config.corsOrigins.includes(origin)) {
    const host = c.req.header('Host');
    let sameOrigin = false;
    try {
      sameOrigin = host !== undefined && new URL(origin).host === host;
    } catch {
      // "null" or garbage: not the page's own origin.
    }
    if (!sameOrigin) {
      forbidden('This origin may not use the session cookie.', { code: 'origin_not_allowed' });
    }
  }
  return token;
}

const REFRESH_REQUIRED = 'Refresh token is required.';

/** The spec's 400 when a request names no refresh token at all (as its validation says it). */
export function refreshRequired(): never {
  badRequest(REFRESH_REQUIRED, { refresh: REFRESH_REQUIRED }, { code: 'validation_error' });
}
