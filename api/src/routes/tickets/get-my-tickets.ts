// GET /api/my-tickets/ (any signed-in user): the caller's tickets, cancelled ones included,
// newest show first.

import { z } from 'zod';
import { listTickets } from '../../booking/reads.ts';
import { TicketSchema } from '../../booking/schemas.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';

export const getMyTickets = factory.createHandlers(
  describe({
    summary: 'The caller’s tickets',
    tags: ['bookings'],
    auth: true,
    answers: { 200: answer('Every ticket, cancelled ones too', z.array(TicketSchema)) },
    errors: [],
  }),
  requireAuth,
  async (c) => {
    const { db, clock, user, config } = c.var;
    const tickets = await listTickets(db, {
      userId: user.id,
      bookingIds: null,
      now: clock(),
      tz: config.appTimezone,
    });
    return c.json(tickets);
  },
);
