// GET /api/holds/{id}/ (the customer who placed it): the hold, its seats and status. An expired
// hold is 410 hold_expired; someone else's or an unknown one is 404.
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { gone, notFound, validate } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { HOLD_EXPIRED, HOLD_NOT_FOUND, SEAT_PRICE } from '../bookings/rules.ts';
import { findHold } from './sql.ts';

export const getHold = factory.createHandlers(
  requireAuth,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, user } = c.var;
    const hold = await findHold(db, id, user.id, clock(), SEAT_PRICE);
    if (!hold) notFound(HOLD_NOT_FOUND);
    if (hold.status === 'expired') gone(HOLD_EXPIRED, { code: 'hold_expired' });
    return c.json(hold);
  },
);
