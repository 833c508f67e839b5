// The bookings resource, mounted at /api/bookings: book one seat, cancel a ticket;
// the owner's and the admin's booking lists.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getAdminBookings } from './get-admin-bookings.ts';
import { getOwnerBookings } from './get-owner-bookings.ts';
import { patchBookingCancel } from './patch-booking-cancel.ts';
import { postBooking } from './post-booking.ts';

export const bookingsRoutes = new Hono<AppEnv>()
  .post('/', ...postBooking)
  .get('/owner', ...getOwnerBookings)
  .get('/admin', ...getAdminBookings)
  .patch('/:id/cancel', ...patchBookingCancel);
