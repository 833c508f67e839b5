// A ticket's emails are queued in the transaction that books or cancels (mail/queue.ts, the
// transactional outbox of docs/decisions/0025-email-outbox.md): the email exists exactly when
// the booking does, and the sender renders it (tickets/emails.ts) off the booking's path.
import type { Queryable } from '../db/db.ts';
import { queueEmail } from '../mail/queue.ts';

/** One confirmation email for the order made of these (just booked) bookings. */
export async function queueConfirmation(
  tx: Queryable,
  order: { to: string; bookingIds: number[]; now: Date },
): Promise<void> {
  await queueEmail(
    tx,
    { kind: 'confirmation', to: order.to, payload: { booking_ids: order.bookingIds } },
    order.now,
  );
}

/** The short note that this (just cancelled) booking is cancelled. */
export async function queueCancellation(
  tx: Queryable,
  booking: { to: string; bookingId: number; now: Date },
): Promise<void> {
  await queueEmail(
    tx,
    { kind: 'cancellation', to: booking.to, payload: { booking_id: booking.bookingId } },
    booking.now,
  );
}
