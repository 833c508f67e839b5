// GET /api/bookings/admin/ (admins only), ?page=N[&page_size=M][&q=text]: every booking, newest
// first, cancelled ones too.
import { z } from 'zod';
import { ListedBookingSchema } from '../../booking/schemas.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, listOf } from '../../http/openapi.ts';
import { pageQuery } from '../../http/pagination.ts';
import { listBookings } from './list-bookings.ts';

export const getAdminBookings = factory.createHandlers(
  describe({
    summary: 'Every booking',
    tags: ['bookings'],
    auth: true,
    answers: { 200: answer('Newest first, cancelled ones too', listOf(ListedBookingSchema)) },
    errors: ['permission_denied', 'replica_unavailable'],
  }),

  requireRole('admin'),
  validate('query', z.object(pageQuery)),
  async (c) => await listBookings(c, c.req.valid('query'), null),
);
