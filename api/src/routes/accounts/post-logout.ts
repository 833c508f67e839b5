// POST /api/logout/ {refresh}: ends the session the refresh token belongs to. 204 whether or not
// the token was still alive (logging out twice is not an error).
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { refreshSchema } from './schemas.ts';
import { endSession } from './sessions.ts';

export const postLogout = factory.createHandlers(
  describe({
    summary: 'End the session of a refresh token',
    tags: ['accounts'],
    answers: { 204: { description: 'Logged out (also for an unknown token)' } },
    errors: [400],
  }),
  validate('json', refreshSchema),
  async (c) => {
    const { db, clock } = c.var;
    await endSession(db, c.req.valid('json').refresh, clock());
    return c.body(null, 204);
  },
);
