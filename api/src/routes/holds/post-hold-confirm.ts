// POST /api/holds/{id}/confirm/ with an Idempotency-Key header (the customer who placed it):
// pays for the hold. One transaction turns each held seat into a booking at the seat's price and
// answers 201 {tickets}. A retry answers what the first did, 201 with the same tickets (and
// Idempotent-Replayed: true): with the same key at any time, and with another key within
// RETRY_WINDOW_MS of the payment (a client that made a new key for its retry); later, another
// key is a 409 hold_already_confirmed. Released: 410 hold_released; expired: 410 hold_expired.
// Paying counts towards the customer's BOOKINGS_PER_MINUTE and never takes them past
// config.maxSeatsPerShow seats of the show. The payment queues one confirmation email for the
// order in its own transaction (tickets/queue.ts), sent after the commit.

import { limitBookingRate, refuseOverSeatLimit } from '../../booking/limits.ts';
import { listTickets } from '../../booking/reads.ts';
import {
  HOLD_EXPIRED,
  HOLD_NOT_FOUND,
  HOLD_PAID,
  HOLD_RELEASED,
  REPLAYED_HEADER,
  RETRY_WINDOW_MS,
  SHOW_STARTED,
  seatsUnavailable,
} from '../../booking/rules.ts';
import {
  bookHeldSeats,
  countCustomerSeats,
  lockCustomer,
  recordSeatChange,
} from '../../booking/sql.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { preferGenericPlans } from '../../db/generic-plans.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, gone, notFound, validate } from '../../http/errors.ts';
import { idempotencyKey } from '../../http/idempotency.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { queueConfirmation } from '../../tickets/queue.ts';
import { ConfirmedHoldSchema } from './schemas.ts';
import { bookingIdsOfHold, lockHold, markConfirmed, seatLabels } from './sql.ts';

export const postHoldConfirm = factory.createHandlers(
  describe({
    summary: 'Pay for a hold: its seats become bookings',
    tags: ['holds'],
    auth: true,
    answers: {
      201: answer('The tickets', ConfirmedHoldSchema),
    },
    errors: [
      'permission_denied',
      'idempotency_key_required',
      'idempotency_key_invalid',
      'not_found',
      'hold_already_confirmed',
      'show_started',
      'seats_unavailable',
      'seat_limit_reached',
      ['hold_expired', 'The hold expired, or was released.'],
      'hold_released',
      'too_many_requests',
    ],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, user, config } = c.var;
    const key = idempotencyKey(c, { required: true }) as string;
    const now = clock();
    await limitBookingRate(db, user.id, now);

    const { replayed, tickets } = await transactionWithRetry(db, async (tx) => {
      // Two batches of statements, each sent at once (pipelined on the transaction's
      // connection; PostgreSQL runs them in order, each after the one before is done), as the
      // hold's (post-hold.ts): fewer round trips while the seats and the show's row are locked.
      //
      // First the customer's lock (the seat count sees every earlier hold and booking of theirs)
      // and the hold's; as soon as the hold is read, the customer's seats of the show and the
      // booking itself (it books only seats that still carry this unexpired hold). Every refusal
      // below rolls the booking back.
      const planned = preferGenericPlans(tx);
      const customerLocked = lockCustomer(tx, user.id);
      const holdLocked = lockHold(tx, id, user.id);
      const seatsCounted = holdLocked.then((hold) =>
        hold
          ? countCustomerSeats(tx, { userId: user.id, showId: hold.show_id, now, adding: [] })
          : null,
      );
      const booking = holdLocked.then((hold) =>
        hold
          ? bookHeldSeats(tx, { id: hold.id, userId: user.id, seatIds: hold.seat_ids, now })
          : [],
      );
      let hold: Awaited<typeof holdLocked>;
      let counted: Awaited<typeof seatsCounted>;
      let booked: { id: number; seat_id: number }[];
      try {
        [, , hold, counted, booked] = await Promise.all([
          planned,
          customerLocked,
          holdLocked,
          seatsCounted,
          booking,
        ]);
      } catch (error) {
        // The partial unique index caught a second live booking of a seat: never a 500.
        if (!isUniqueViolation(error, 'bookings_live_seat_key')) throw error;
        conflict('Some seats are no longer available.', { code: 'seats_unavailable' });
      }
      if (!hold) notFound(HOLD_NOT_FOUND);
      const tickets = (bookingIds: number[]) =>
        listTickets(tx, { userId: user.id, bookingIds, now, tz: config.appTimezone });

      if (hold.confirmed_at) {
        const retry =
          hold.idempotency_key === key ||
          now.getTime() - hold.confirmed_at.getTime() < RETRY_WINDOW_MS;
        if (!retry) conflict(HOLD_PAID, { code: 'hold_already_confirmed' });
        return {
          replayed: true,
          tickets: await tickets(await bookingIdsOfHold(tx, hold.id)),
        };
      }
      if (hold.released_at) gone(HOLD_RELEASED, { code: 'hold_released' });
      if (hold.expires_at <= now) gone(HOLD_EXPIRED, { code: 'hold_expired' });
      if (hold.show_starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
      // The held seats are counted already; this refuses only what got past the limit
      // elsewhere (e.g. MAX_SEATS_PER_SHOW lowered since the hold, or seeded bookings).
      if (counted) refuseOverSeatLimit(counted, config.maxSeatsPerShow);
      if (booked.length !== hold.seat_ids.length) {
        // A seat lost this hold (e.g. booked on its own meanwhile): nothing is booked.
        const kept = new Set(booked.map((b) => b.seat_id));
        const labels = await seatLabels(
          tx,
          hold.seat_ids.filter((seatId) => !kept.has(seatId)),
        );
        conflict(seatsUnavailable(labels), { code: 'seats_unavailable', seats: labels });
      }

      // Second batch: the hold marked paid, the email queued, the tickets read, and the change
      // recorded, the show's row locked last (every writer of the show waits for it), then
      // COMMIT right behind them (tx.commit(), decision 0054): nothing left to decide here, so
      // the show's row is free once PostgreSQL has run them.
      const paid = booked.map((b) => b.id);
      const [, , bought] = await Promise.all([
        markConfirmed(tx, hold.id, now, key),
        queueConfirmation(tx, { to: user.email, bookingIds: paid, now }),
        tickets(paid),
        recordSeatChange(tx, { showId: hold.show_id, seatIds: hold.seat_ids, now }),
        tx.commit(),
      ]);
      return { replayed: false, tickets: bought };
    });
    if (replayed) return c.json({ tickets }, 201, { [REPLAYED_HEADER]: 'true' });
    c.var.emails.wake('confirmation');
    c.var.metrics?.booked(tickets.length);
    return c.json({ tickets }, 201);
  },
);
