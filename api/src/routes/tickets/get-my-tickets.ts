// GET /api/my-tickets/ (any signed-in user): the caller's tickets, cancelled ones included,
// newest show first.
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { listTickets } from '../bookings/sql.ts';

export const getMyTickets = factory.createHandlers(requireAuth, async (c) => {
  const { db, clock, user, config } = c.var;
  const tickets = await listTickets(db, {
    userId: user.id,
    bookingIds: null,
    now: clock(),
    tz: config.appTimezone,
  });
  return c.json(tickets);
});
