// DELETE /api/onsale/{id}/line/ (customers only): leaves the show's waiting line (or gives back
// an admission), so the place no longer counts and the next one moves up. 204, also when already
// left; 404 when never in it. Leaves are counted per account (onsale/limits.ts): past the limits
// a 429 that writes nothing.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { leaveLineLimited } from '../../onsale/limits.ts';
import { noteLineChange } from '../../onsale/places.ts';
import { NOT_IN_LINE } from '../../onsale/rules.ts';

export const deleteLine = factory.createHandlers(
  describe({
    summary: 'Leave a show’s waiting line',
    tags: ['onsale'],
    auth: true,
    answers: { 204: { description: 'Left' } },
    errors: ['permission_denied', ['not_in_line', 'Not in the line.'], 'too_many_requests'],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user, clock } = c.var;
    const now = clock();
    const { inLine, left } = await leaveLineLimited(db, id, user.id, now);
    if (!inLine) notFound(NOT_IN_LINE, { code: 'not_in_line' });
    if (left) noteLineChange(db, id, 'remove', [left]);
    return c.body(null, 204);
  },
);
