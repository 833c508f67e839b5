// POST /api/holds/ {show_id, seat_ids} (customers only): holds 1 to 10 seats of an upcoming show
// for HOLD_MINUTES while the customer pays. All or nothing: if any seat is booked or held by
// someone else, nothing is held and the 409 names those seats. A newer hold of the customer on
// the same show replaces their older one (re-picking seats just works).
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, conflict, notFound, validate } from '../../http/errors.ts';
import {
  HOLD_MINUTES,
  SEAT_PRICE,
  SEATS_NOT_OF_SHOW,
  SHOW_NOT_FOUND,
  SHOW_STARTED,
  seatsUnavailable,
} from '../bookings/rules.ts';
import { findShowFacts } from '../shows/sql.ts';
import { postHoldSchema } from './schemas.ts';
import {
  findHold,
  insertHold,
  lockCustomerHolds,
  lockSeatsForHold,
  releaseActiveHolds,
  seatLabels,
  takeSeats,
} from './sql.ts';

export const postHold = factory.createHandlers(
  requireRole('user'),
  validate('json', postHoldSchema),
  async (c) => {
    const { db, clock, user } = c.var;
    const { show_id: showId, seat_ids: seatIds } = c.req.valid('json');
    const now = clock();
    const show = await findShowFacts(db, showId);
    if (!show) notFound(SHOW_NOT_FOUND);
    if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
    const until = new Date(now.getTime() + HOLD_MINUTES * 60_000);

    const hold = await transactionWithRetry(db, async (tx) => {
      await lockCustomerHolds(tx, user.id);
      // Lock first, check after: the checks below run as a new statement once no one else can
      // touch these seats, so they see every booking and hold committed before.
      const found = await lockSeatsForHold(tx, { showId, userId: user.id, seatIds });
      if (found.length !== seatIds.length) {
        badRequest(SEATS_NOT_OF_SHOW, undefined, { code: 'seats_not_of_show' });
      }
      await releaseActiveHolds(tx, { showId, userId: user.id, now });
      const id = await insertHold(tx, { userId: user.id, showId, seatIds, now, expiresAt: until });
      const taken = new Set(
        await takeSeats(tx, { id, userId: user.id, showId, seatIds, now, until }),
      );
      if (taken.size !== seatIds.length) {
        // Rolls everything back, the customer's older hold included.
        const labels = await seatLabels(
          tx,
          seatIds.filter((seatId) => !taken.has(seatId)),
        );
        conflict(seatsUnavailable(labels), { code: 'seats_unavailable', seats: labels });
      }
      return await findHold(tx, id, user.id, now, SEAT_PRICE);
    });
    return c.json(hold, 201);
  },
);
