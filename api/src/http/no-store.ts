// Cache-Control: no-store on every answer that may carry a token or someone's personal data, so
// that no browser cache, shared proxy or CDN keeps a copy (a login's tokens, a profile, a list of
// bookings): every answer to a request that has an Authorization header, and every answer of the
// account routes (login, signup, token refresh, codes, password reset, profile), which carry
// tokens or an email without one. A handler that sets its own Cache-Control keeps it: the
// manifest (public, or private with tickets), the seat map (private, no-cache with its ETag), the
// ticket calendar and the seat stream (private, no-store / no-store), the reference page.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

/** The account routes of api/src/routes/accounts/index.ts, with or without a trailing slash. */
const ACCOUNT_PATH = /^\/api\/(email|signup|login|token|logout|profile|otp|password)(\/|$)/;

export const NO_STORE = 'no-store';

export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.headers.has('Cache-Control')) return;
  if (c.req.header('Authorization') !== undefined || ACCOUNT_PATH.test(c.req.path)) {
    c.res.headers.set('Cache-Control', NO_STORE);
  }
};
