// Sending a ticket's emails after the response: the handler that booked or cancelled hands the
// booking ids over and answers at once; in the background the order is read (after the commit),
// the email built and sent, retried with back-off when the provider fails, and every failure
// logged. Nothing here can delay or fail the booking, which stands whatever the email does.
import type { AppEnv } from '../http/context.ts';
import { sendWithRetry } from '../mail/retry.ts';
import { cancellationEmail, confirmationEmail } from './emails.ts';
import { findOrder } from './sql.ts';

type Vars = Pick<
  AppEnv['Variables'],
  'db' | 'config' | 'clock' | 'logger' | 'mailer' | 'background'
>;

/** One confirmation email for the order made of these (just booked) bookings. */
export function sendConfirmation(vars: Vars, bookingIds: number[]): void {
  const { db, config, clock, logger, mailer, background } = vars;
  const label = `tickets ${bookingIds.join(', ')}`;
  background.run(`confirmation of ${label}`, async () => {
    const order = await findOrder(db, { bookingIds, tz: config.appTimezone });
    if (!order) return;
    const email = await confirmationEmail(order, { tz: config.appTimezone, now: clock() });
    await sendWithRetry(mailer, email, { logger, delaysMs: config.mailRetryDelaysMs, label });
  });
}

/** The short note that this (just cancelled) booking is cancelled. */
export function sendCancellation(vars: Vars, bookingId: number): void {
  const { db, config, logger, mailer, background } = vars;
  const label = `cancellation of ticket ${bookingId}`;
  background.run(label, async () => {
    const order = await findOrder(db, { bookingIds: [bookingId], tz: config.appTimezone });
    if (!order) return;
    await sendWithRetry(mailer, cancellationEmail(order), {
      logger,
      delaysMs: config.mailRetryDelaysMs,
      label,
    });
  });
}
