// DELETE /api/onsale/{id}/line/ (customers only): leaves the show's waiting line (or gives back
// an admission), so the place no longer counts and the next one moves up. 204, also when already
// left; 404 when never in it.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { noteLineChange } from '../../onsale/places.ts';
import { NOT_IN_LINE } from '../../onsale/rules.ts';
import { findLineRow, leaveLine } from '../../onsale/sql.ts';

export const deleteLine = factory.createHandlers(
  describe({
    summary: 'Leave a show’s waiting line',
    tags: ['onsale'],
    auth: true,
    answers: { 204: { description: 'Left' } },
    errors: ['permission_denied', ['not_in_line', 'Not in the line.']],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user, clock } = c.var;
    const now = clock();
    const left = await leaveLine(db, id, user.id, now);
    if (left) noteLineChange(db, id, 'remove', [left]);
    else if (!(await findLineRow(db, id, user.id))) notFound(NOT_IN_LINE, { code: 'not_in_line' });
    return c.body(null, 204);
  },
);
