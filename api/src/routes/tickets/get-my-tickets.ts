// GET /api/my-tickets/ (any signed-in user): the caller's tickets, cancelled ones included,
// newest show first, each live one with its signed pass (tickets/signing.ts) for its QR code.

import { z } from 'zod';
import { listTickets } from '../../booking/reads.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { passesOf } from '../../tickets/signing.ts';
import { MyTicketSchema } from './schemas.ts';

export const getMyTickets = factory.createHandlers(
  describe({
    summary: 'The caller’s tickets',
    tags: ['bookings'],
    auth: true,
    answers: { 200: answer('Every ticket, cancelled ones too', z.array(MyTicketSchema)) },
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
    const live = tickets.filter((t) => !t.is_cancelled);
    const passes = await passesOf(
      db,
      live.map((t) => ({
        show_id: t.show_id,
        seat_label: `${t.seat.row}${t.seat.column}`,
        code: t.code,
      })),
      { secret: config.jwtSecret, now: clock() },
    );
    const passOf = new Map(live.map((t, i) => [t.id, passes[i] as string]));
    return c.json(tickets.map((t) => ({ ...t, pass: passOf.get(t.id) ?? null })));
  },
);
