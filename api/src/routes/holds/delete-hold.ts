// DELETE /api/holds/{id}/ (the customer who placed it): lets the seats go (the payment screen's
// Back). 204, also when it was already released or has expired; 409 once it was paid for; 404
// for anyone else's.

import { HOLD_NOT_FOUND, HOLD_PAID } from '../../booking/rules.ts';
import { lockCustomer, recordSeatChange, releaseHold } from '../../booking/sql.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { lockHold } from './sql.ts';

export const deleteHold = factory.createHandlers(
  describe({
    summary: 'Release a hold',
    tags: ['holds'],
    auth: true,
    answers: { 204: { description: 'Released (its seats are free)' } },
    errors: ['permission_denied', 'not_found', ['hold_confirmed', 'Already paid for.']],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, user } = c.var;
    const now = clock();
    await transactionWithRetry(db, async (tx) => {
      // The customer's lock first, as when placing and paying: the same lock order everywhere.
      await lockCustomer(tx, user.id);
      const hold = await lockHold(tx, id, user.id);
      if (!hold) notFound(HOLD_NOT_FOUND);
      if (hold.confirmed_at) conflict(HOLD_PAID, { code: 'hold_confirmed' });
      await releaseHold(tx, hold, now);
      await recordSeatChange(tx, { showId: hold.show_id, seatIds: hold.seat_ids, now });
    });
    return c.body(null, 204);
  },
);
