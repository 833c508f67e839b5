// GET /api/bookings/owner/ (owners only), ?page=N[&page_size=M][&q=text]: bookings on the
// caller's theaters, newest first, cancelled ones too, with who booked each seat.
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { pageQuery } from '../../http/pagination.ts';
import { listBookings } from './list-bookings.ts';

export const getOwnerBookings = factory.createHandlers(
  requireRole('owner'),
  validate('query', z.object(pageQuery)),
  async (c) => await listBookings(c, c.req.valid('query'), c.var.user.id),
);
