// POST /api/logout/ {refresh}: ends the session the refresh token belongs to. 204 whether or not
// the token was still alive (logging out twice is not an error). The product's own apps keep no
// refresh token (it lives in an HttpOnly cookie scoped to token/refresh, refresh-cookie.ts): they
// send `{}` with their access token, whose session ends instead, and the cookie is cleared.
import { tokenSubject } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { clearRefreshCookie, refreshRequired } from './refresh-cookie.ts';
import { refreshSchema } from './schemas.ts';
import { endSession } from './sessions.ts';
import { revokeSession } from './sql.ts';

export const postLogout = factory.createHandlers(
  describe({
    summary: 'End the session of a refresh token',
    description:
      'The session is the refresh token’s, or without one in the body, the bearer access token’s. ' +
      'The `cinebook_refresh` cookie is cleared.',
    tags: ['accounts'],
    auth: 'optional',
    answers: { 204: { description: 'Logged out (also for an unknown token)' } },
    errors: [['validation_error', 'Neither a refresh token nor an access token was sent.']],
  }),
  validate('json', refreshSchema.partial()),
  async (c) => {
    const { db, clock } = c.var;
    const { refresh } = c.req.valid('json');
    clearRefreshCookie(c);
    // The validator reads a body only when it is declared JSON, so `{}` here may be a body that
    // was never read: the access token alone ends a session only on a JSON request, as the apps
    // send it, never on one whose body was unreadable.
    const isJson = (c.req.header('Content-Type') ?? '').includes('application/json');
    if (refresh !== undefined) {
      await endSession(db, refresh, clock());
    } else if (!c.req.header('Authorization') || !isJson) {
      refreshRequired();
    } else {
      // An expired or forged access token ends nothing; the answer stays 204 either way.
      const subject = await tokenSubject(c, { door: true }).catch(() => null);
      if (subject) await revokeSession(db, subject.sessionId, clock(), 'logout');
    }
    return c.body(null, 204);
  },
);
