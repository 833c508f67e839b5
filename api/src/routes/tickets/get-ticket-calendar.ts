// GET /api/my-tickets/{id}/calendar.ics (the customer whose ticket it is): the show as an
// iCalendar file, start and end in the theater's time zone, for 'Add to calendar'. The event is
// the ticket's order (its live seats paid for together), with the same UID as the file in the
// confirmation email, so adding both updates one event. 404 for an unknown or someone else's
// ticket; 409 ticket_cancelled for a cancelled one.
import { TICKET_NOT_FOUND } from '../../booking/rules.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { calendarFileName, orderCalendar } from '../../tickets/emails.ts';
import { findOrder } from '../../tickets/sql.ts';

export const CALENDAR_OF_CANCELLED = 'This ticket is cancelled; there is no show to add.';

export const getTicketCalendar = factory.createHandlers(
  describe({
    summary: 'A ticket’s show as an .ics calendar file',
    tags: ['bookings'],
    auth: true,
    answers: {
      200: {
        description: 'text/calendar (RFC 5545): one VEVENT with its VTIMEZONE',
        content: { 'text/calendar': { schema: { type: 'string' } } },
      } as never,
    },
    errors: ['not_found', 'ticket_cancelled'],
  }),
  requireAuth,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, user, config } = c.var;
    const tz = config.appTimezone;
    const order = await findOrder(db, { ticketOf: { bookingId: id, userId: user.id }, tz });
    if (!order) notFound(TICKET_NOT_FOUND);
    const asked = order.tickets.find((t) => t.id === id);
    if (!asked || asked.is_cancelled) conflict(CALENDAR_OF_CANCELLED, { code: 'ticket_cancelled' });
    const file = orderCalendar(order, { tz, now: clock() });
    return c.body(file, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${calendarFileName(order)}"`,
      'Cache-Control': 'private, no-store',
    });
  },
);
