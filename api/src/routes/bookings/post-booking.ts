// POST /api/bookings/ {movie_id, theater_id, show_id, row, column} (customers only): books one
// seat at once, as the spec's client does one call per seat. The ids must agree (the show is of
// that movie in that theater). The seat must be free, or under the caller's own hold (which it
// then leaves), not blocked (409 seat_not_bookable), and not a wheelchair space or companion
// seat before the show's accessible_release_at (409 accessible_seat_held_back; decision 0045:
// those go through holds, where the seat-choice rules run). Each booking is at its seat's price.
// A retry answers what the first request did, 201 with the same ticket (and
// Idempotent-Replayed: true): with the same Idempotency-Key at any time (the key reused for
// another seat is a 409), and with any key or none while the caller's booking of that seat is
// younger than RETRY_WINDOW_MS (a balancer re-sent it after an instance died). The booking
// queues its confirmation email in its own transaction (tickets/queue.ts).
// No hoarding: at most config.maxSeatsPerShow seats of the show held and booked together (a seat
// under the caller's own hold counts once), BOOKINGS_PER_MINUTE bookings a minute.

import { enforceSeatLimit, limitBookingRate } from '../../booking/limits.ts';
import { findShowFacts, listTickets } from '../../booking/reads.ts';
import {
  accessibleSeatHeldBack,
  REPLAYED_HEADER,
  RETRY_WINDOW_MS,
  SEAT_NOT_BOOKABLE,
  SEAT_TAKEN,
  SHOW_NOT_FOUND,
  SHOW_STARTED,
} from '../../booking/rules.ts';
import { TicketSchema } from '../../booking/schemas.ts';
import { bookSeat, lockCustomer, lockSeat, recordSeatChange } from '../../booking/sql.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, conflict, notFound, validate } from '../../http/errors.ts';
import { idempotencyKey } from '../../http/idempotency.ts';
import { answer, describe } from '../../http/openapi.ts';
import { enforceAdmission } from '../../onsale/gate.ts';
import { queueConfirmation } from '../../tickets/queue.ts';
import { postBookingSchema } from './schemas.ts';
import { findBookingByKey, findRecentOwnBooking, findSeatAt } from './sql.ts';

export const SHOW_MISMATCH = 'This show is not of that movie in that theater.';
export const NO_SUCH_SEAT = 'This show has no such seat.';
export const KEY_REUSED = 'This Idempotency-Key was already used for another booking.';

export const postBooking = factory.createHandlers(
  describe({
    summary: 'Book one seat (the spec’s per-seat call)',
    tags: ['bookings'],
    auth: true,
    answers: {
      201: answer('The ticket', TicketSchema),
    },
    errors: [
      'permission_denied',
      'show_mismatch',
      'seat_not_found',
      'idempotency_key_required',
      'idempotency_key_invalid',
      'admission_required',
      'admission_expired',
      'admission_not_valid',
      'not_found',
      'idempotency_key_reused',
      'seat_taken',
      'seat_not_bookable',
      ['accessible_seat_held_back', 'A wheelchair space or companion seat before its release.'],
      'show_started',
      'seat_limit_reached',
      'sales_not_open',
      'too_many_requests',
    ],
  }),

  requireRole('user'),
  validate('json', postBookingSchema),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const body = c.req.valid('json');
    const key = idempotencyKey(c, { required: false });
    const now = clock();
    const ticket = async (bookingId: number) => {
      const [found] = await listTickets(db, {
        userId: user.id,
        bookingIds: [bookingId],
        now,
        tz: config.appTimezone,
      });
      return found;
    };

    const show = await findShowFacts(db, body.show_id);
    if (!show) notFound(SHOW_NOT_FOUND);
    if (show.movie_id !== body.movie_id || show.theater_id !== body.theater_id) {
      badRequest(SHOW_MISMATCH, undefined, { code: 'show_mismatch' });
    }
    const seat = await findSeatAt(db, show.id, body.row, body.column);
    if (!seat) badRequest(NO_SUCH_SEAT, undefined, { code: 'seat_not_found' });

    // What the first of these requests did, if this is a retry of it (see the header).
    const replay = async (): Promise<Response | null> => {
      const earlier = key === null ? null : await findBookingByKey(db, user.id, key);
      if (earlier && earlier.seat_id !== seat.id) {
        conflict(KEY_REUSED, { code: 'idempotency_key_reused' });
      }
      const first =
        earlier ??
        (await findRecentOwnBooking(db, {
          userId: user.id,
          seatId: seat.id,
          since: new Date(now.getTime() - RETRY_WINDOW_MS),
        }));
      if (!first) return null;
      return c.json(await ticket(first.id), 201, { [REPLAYED_HEADER]: 'true' });
    };
    const replayed = await replay();
    if (replayed) return replayed;
    await limitBookingRate(db, user.id, now);
    if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
    // Decision 0045: blocked seats are never sold (bookSeat refuses them too); wheelchair spaces
    // and companion seats before their release only through holds, where the rules run.
    if (seat.kind === 'blocked') conflict(SEAT_NOT_BOOKABLE, { code: 'seat_not_bookable' });
    if (
      (seat.kind === 'wheelchair' || seat.kind === 'companion') &&
      now < show.accessible_release_at
    ) {
      conflict(accessibleSeatHeldBack(seat.label, seat.kind), {
        code: 'accessible_seat_held_back',
        accessible_release_at: show.accessible_release_at.toISOString(),
      });
    }
    // Not before sales open; on a high-demand show, only with an admission (onsale/gate.ts).
    await enforceAdmission(config, show, {
      showId: show.id,
      userId: user.id,
      token: body.admission_token,
      now,
    });

    let bookingId: number | null;
    try {
      bookingId = await transactionWithRetry(db, async (tx) => {
        // Lock first, check after (see holds/post-hold.ts): the customer (their racing
        // bookings and holds take turns), then the seat.
        await lockCustomer(tx, user.id);
        await lockSeat(tx, seat.id);
        await enforceSeatLimit(tx, {
          userId: user.id,
          showId: show.id,
          now,
          adding: [seat.id],
          max: config.maxSeatsPerShow,
        });
        const booked = await bookSeat(tx, {
          userId: user.id,
          seatId: seat.id,
          now,
          idempotencyKey: key,
        });
        if (booked !== null) {
          await recordSeatChange(tx, { showId: show.id, seatIds: [seat.id], now });
          // This call is an order of one seat: its own confirmation email.
          await queueConfirmation(tx, { to: user.email, bookingIds: [booked], now });
        }
        return booked;
      });
    } catch (error) {
      // The same request twice at once (same key, or the seat's unique index): the second
      // finds the first's booking. The last line of defence held: a 409, never a 500.
      if (
        isUniqueViolation(error, 'bookings_idempotency_key') ||
        isUniqueViolation(error, 'bookings_live_seat_key')
      ) {
        const replayedNow = await replay();
        if (replayedNow) return replayedNow;
        conflict(SEAT_TAKEN, { code: 'seat_taken' });
      }
      throw error;
    }
    if (bookingId === null) {
      // Taken: by this very customer a moment ago (a retry racing its first), or by another.
      const replayedNow = await replay();
      if (replayedNow) return replayedNow;
      conflict(SEAT_TAKEN, { code: 'seat_taken' });
    }
    c.var.emails.wake('confirmation');
    c.var.metrics?.booked(1);
    return c.json(await ticket(bookingId), 201);
  },
);
