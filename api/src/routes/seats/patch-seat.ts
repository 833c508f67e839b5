// PATCH /api/seats/{id}/ {is_booked: true} (any signed-in user): the spec's client calls this
// after booking a seat. A seat is only ever booked through a booking, so this never changes
// anything: 200 with the seat when the caller holds its live booking, else 409.
import { z } from 'zod';
import { SeatSchema } from '../../booking/schemas.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { findSeat } from './sql.ts';

export const SEAT_NOT_FOUND = 'Seat not found.';
export const BOOK_THROUGH_BOOKING = 'Seats are booked through a booking, not directly.';
export const FREE_THROUGH_CANCEL = 'A seat is freed by cancelling its booking, not directly.';

const schema = z.object({
  is_booked: z.boolean({ error: 'is_booked must be true or false.' }),
});

export const patchSeat = factory.createHandlers(
  describe({
    summary: 'The spec’s seat update (changes nothing: seats are booked through bookings)',
    tags: ['seats'],
    auth: true,
    answers: { 200: answer('The seat, when the caller holds its live booking', SeatSchema) },
    errors: ['cancel_the_booking', 'not_found', ['not_your_booking', 'Not the caller’s booking.']],
  }),

  requireAuth,
  validate('param', idParams),
  validate('json', schema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { is_booked: isBooked } = c.req.valid('json');
    const { db, clock, user } = c.var;
    if (!isBooked) badRequest(FREE_THROUGH_CANCEL, undefined, { code: 'cancel_the_booking' });
    const seat = await findSeat(db, id, { id: user.id, isAdmin: user.role === 'admin' }, clock());
    if (!seat) notFound(SEAT_NOT_FOUND);
    if (seat.status !== 'mine') conflict(BOOK_THROUGH_BOOKING, { code: 'not_your_booking' });
    return c.json(seat);
  },
);
