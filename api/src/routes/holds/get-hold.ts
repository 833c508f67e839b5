// GET /api/holds/{id}/ (the customer who placed it): the hold, its seats and status. An expired
// hold is 410 hold_expired with its show_id (to pick seats again); someone else's or an unknown
// one is 404.

import { HOLD_EXPIRED, HOLD_NOT_FOUND } from '../../booking/rules.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { gone, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { HoldSchema } from './schemas.ts';
import { findHold } from './sql.ts';

export const getHold = factory.createHandlers(
  describe({
    summary: 'One of the caller’s holds',
    tags: ['holds'],
    auth: true,
    answers: { 200: answer('The hold', HoldSchema) },
    errors: ['not_found', ['hold_expired', 'The hold expired.']],
  }),

  requireAuth,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, user } = c.var;
    const hold = await findHold(db, id, user.id, clock());
    if (!hold) notFound(HOLD_NOT_FOUND);
    if (hold.status === 'expired')
      gone(HOLD_EXPIRED, { code: 'hold_expired', show_id: hold.show_id });
    return c.json(hold);
  },
);
