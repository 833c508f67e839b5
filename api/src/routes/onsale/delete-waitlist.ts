// DELETE /api/onsale/{id}/waitlist/ (customers only): leaves the waitlist while waiting. 204,
// also when already out; 404 when never on it.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { NOT_ON_WAITLIST } from '../../onsale/rules.ts';
import { findWaitlistEntry, leaveWaitlist } from '../../onsale/waitlist-sql.ts';

export const deleteWaitlist = factory.createHandlers(
  describe({
    summary: 'Leave a show’s waitlist',
    tags: ['onsale'],
    auth: true,
    answers: { 204: { description: 'Left' } },
    errors: ['permission_denied', ['not_on_waitlist', 'Not on the waitlist.']],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user } = c.var;
    if (!(await leaveWaitlist(db, id, user.id)) && !(await findWaitlistEntry(db, id, user.id))) {
      notFound(NOT_ON_WAITLIST, { code: 'not_on_waitlist' });
    }
    return c.body(null, 204);
  },
);
