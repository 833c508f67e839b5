// GET /api/bookings/admin/ (admins only), ?page=N[&page_size=M][&q=text]: every booking, newest
// first, cancelled ones too.
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { pageQuery } from '../../http/pagination.ts';
import { listBookings } from './list-bookings.ts';

export const getAdminBookings = factory.createHandlers(
  requireRole('admin'),
  validate('query', z.object(pageQuery)),
  async (c) => await listBookings(c, c.req.valid('query'), null),
);
