// PATCH /api/bookings/{id}/cancel/ (customers only, their own ticket): cancels it before the
// show starts; the seat is free again at once. Any request body is ignored (the spec's client
// sends its access token there). A ticket already admitted at the door cannot be cancelled (409
// ticket_checked_in). A cancellation queues a short email to the customer in its own transaction
// (tickets/queue.ts), sent right after the commit by this instance's email sender.

import { listTickets } from '../../booking/reads.ts';
import {
  SHOW_STARTED,
  TICKET_CANCELLED,
  TICKET_CHECKED_IN,
  TICKET_NOT_FOUND,
} from '../../booking/rules.ts';
import { TicketSchema } from '../../booking/schemas.ts';
import { cancelBooking, lockBooking, recordSeatChange } from '../../booking/sql.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { offerFreedSeats } from '../../onsale/waitlist-sql.ts';
import { queueCancellation } from '../../tickets/queue.ts';

export const patchBookingCancel = factory.createHandlers(
  describe({
    summary: 'Cancel one of the caller’s bookings',
    tags: ['bookings'],
    auth: true,
    answers: { 200: answer('The cancelled ticket', TicketSchema) },
    errors: [
      'permission_denied',
      'not_found',
      ['ticket_cancelled', 'Already cancelled, checked in at the door, or the show has started.'],
      'ticket_checked_in',
      'show_started',
    ],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, user, config } = c.var;
    const now = clock();
    const ticket = await transactionWithRetry(db, async (tx) => {
      const booking = await lockBooking(tx, id, user.id);
      if (!booking) notFound(TICKET_NOT_FOUND);
      if (booking.is_cancelled) conflict(TICKET_CANCELLED, { code: 'ticket_cancelled' });
      if (booking.checked_in_at) conflict(TICKET_CHECKED_IN, { code: 'ticket_checked_in' });
      if (booking.show_starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
      await cancelBooking(tx, id, now);
      await recordSeatChange(tx, { showId: booking.show_id, seatIds: [booking.seat_id], now });
      await queueCancellation(tx, { to: user.email, bookingId: id, now });
      const [cancelled] = await listTickets(tx, {
        userId: user.id,
        bookingIds: [id],
        now,
        tz: config.appTimezone,
      });
      return cancelled;
    });
    c.var.metrics?.cancelled(1);
    // The freed seat goes to the show's waitlist, if it has one (onsale/waitlist-sql.ts).
    if (ticket) await offerFreedSeats(db, ticket.show_id, now);
    c.var.emails.wake('cancellation');
    return c.json(ticket);
  },
);
