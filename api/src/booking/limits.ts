// The per-account limits against seat hoarding (OWASP API6), shared by every path that holds or
// books seats: holds, their confirm, and POST bookings/. Seat and hold limits are checked inside
// the caller's transaction after lockCustomer(), so one customer's racing requests take turns;
// rates are counted in PostgreSQL (rate_limit_events), so every API instance counts the same.
import type { Db, Queryable } from '../db/db.ts';
import { conflict } from '../http/errors.ts';
import { consume, throwIfBlocked } from '../http/rate-limit.ts';
import {
  BOOKINGS_PER_MINUTE,
  HOLDS_PER_MINUTE,
  seatLimitReached,
  TOO_MANY_BOOKINGS,
  TOO_MANY_HOLDS,
} from './rules.ts';
import { countCustomerSeats } from './sql.ts';

/**
 * 409 `seat_limit_reached` unless the customer, with the seats `adding`, has at most `max` seats
 * of the show (live bookings and unexpired holds; a seat they already have counts once).
 */
export async function enforceSeatLimit(
  q: Queryable,
  c: { userId: number; showId: number; now: Date; adding: number[]; max: number },
): Promise<void> {
  refuseOverSeatLimit(await countCustomerSeats(q, c), c.max);
}

/** enforceSeatLimit's answer, for a caller that read countCustomerSeats itself. */
export function refuseOverSeatLimit(counted: { owned: number; after: number }, max: number): void {
  if (counted.after > max) {
    conflict(seatLimitReached(max, counted.owned), {
      code: 'seat_limit_reached',
      limit: max,
      owned: counted.owned,
    });
  }
}

/** 429 with Retry-After once the customer placed HOLDS_PER_MINUTE holds in the last minute. */
export async function limitHoldRate(db: Db, userId: number, now: Date): Promise<void> {
  throwIfBlocked(
    await consume(
      db,
      [
        {
          key: `holds:user:${userId}`,
          max: HOLDS_PER_MINUTE,
          windowSeconds: 60,
          message: TOO_MANY_HOLDS,
        },
      ],
      now,
    ),
  );
}

/** 429 with Retry-After once the customer booked (or paid) BOOKINGS_PER_MINUTE times in a minute. */
export async function limitBookingRate(db: Db, userId: number, now: Date): Promise<void> {
  throwIfBlocked(
    await consume(
      db,
      [
        {
          key: `bookings:user:${userId}`,
          max: BOOKINGS_PER_MINUTE,
          windowSeconds: 60,
          message: TOO_MANY_BOOKINGS,
        },
      ],
      now,
    ),
  );
}
