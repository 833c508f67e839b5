// DELETE /api/onsale/{id}/waitlist/ (customers only): leaves the waitlist while waiting. 204,
// also when already out; 404 when never on it. Leaves are counted per account (onsale/limits.ts):
// past the limits a 429 that writes nothing.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { leaveWaitlistLimited } from '../../onsale/limits.ts';
import { NOT_ON_WAITLIST } from '../../onsale/rules.ts';

export const deleteWaitlist = factory.createHandlers(
  describe({
    summary: 'Leave a show’s waitlist',
    tags: ['onsale'],
    auth: true,
    answers: { 204: { description: 'Left' } },
    errors: ['permission_denied', ['not_on_waitlist', 'Not on the waitlist.'], 'too_many_requests'],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user, clock } = c.var;
    if (!(await leaveWaitlistLimited(db, id, user.id, clock()))) {
      notFound(NOT_ON_WAITLIST, { code: 'not_on_waitlist' });
    }
    return c.body(null, 204);
  },
);
