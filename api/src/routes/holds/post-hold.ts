// POST /api/holds/ {show_id, seat_ids, accessible?} (customers only): holds 1 to 10 seats of an
// upcoming show for HOLD_MINUTES while the customer pays. All or nothing: if any seat is booked,
// held by someone else or blocked, nothing is held and the 409 names those seats. The seat-choice
// rules apply (booking/selection.ts): no single seat stranded, wheelchair spaces only with
// `accessible: true` and companion seats only with their free space until the show's
// accessible_release_at. A newer hold of the customer on the same show replaces their older one
// (re-picking seats just works) but keeps its deadline.
//
// No hoarding: at most config.maxSeatsPerShow seats of the show held and booked together, holds
// on at most MAX_ACTIVE_HOLDS shows at once, HOLDS_PER_MINUTE holds a minute; and the 10 minutes
// run from the customer's first hold on the show: replacing, re-posting or releasing and holding
// again never extends them. Once they are over, seats the customer held rest HOLD_REST_MINUTES
// before that customer may hold them again.

import { enforceSeatLimit, limitHoldRate } from '../../booking/limits.ts';
import { findShowFacts, rowSeatStates } from '../../booking/reads.ts';
import {
  HOLD_LIMIT_REACHED,
  HOLD_MINUTES,
  HOLD_REST_MINUTES,
  MAX_ACTIVE_HOLDS,
  SEATS_NOT_OF_SHOW,
  SHOW_NOT_FOUND,
  SHOW_STARTED,
  seatsRecentlyHeld,
  seatsUnavailable,
} from '../../booking/rules.ts';
import { enforceSelectionRules } from '../../booking/selection.ts';
import {
  lockCustomer,
  lockSeatsForHold,
  recordSeatChange,
  releaseActiveHolds,
  takeSeats,
} from '../../booking/sql.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { enforceAdmission } from '../../onsale/gate.ts';
import { HoldSchema, postHoldSchema } from './schemas.ts';
import {
  countActiveHoldsElsewhere,
  findHold,
  insertHold,
  type RunHold,
  runHolds,
  seatLabels,
} from './sql.ts';

const MINUTE = 60_000;

/**
 * When the new hold expires: the deadline of the customer's current run on the show if it is
 * still ahead, else HOLD_MINUTES from now. With a fresh run, the requested seats the customer let
 * go less than HOLD_REST_MINUTES ago: their ids and when the last of them is free for them again.
 */
function deadlineFor(run: RunHold[], seatIds: number[], now: Date) {
  const ahead = run.filter((h) => h.expires_at > now).map((h) => h.expires_at.getTime());
  if (ahead.length > 0) return { until: new Date(Math.max(...ahead)), resting: [], freeAt: now };
  const requested = new Set(seatIds);
  const resting = new Set<number>();
  let freeAt = now;
  for (const hold of run) {
    const restsUntil = new Date(hold.ended_at.getTime() + HOLD_REST_MINUTES * MINUTE);
    if (restsUntil <= now) continue;
    const overlap = hold.seat_ids.filter((id) => requested.has(id));
    if (overlap.length === 0) continue;
    for (const id of overlap) resting.add(id);
    if (restsUntil > freeAt) freeAt = restsUntil;
  }
  return { until: new Date(now.getTime() + HOLD_MINUTES * MINUTE), resting: [...resting], freeAt };
}

export const postHold = factory.createHandlers(
  describe({
    summary: 'Hold seats for 10 minutes',
    tags: ['holds'],
    auth: true,
    answers: { 201: answer('The hold', HoldSchema) },
    errors: [
      'permission_denied',
      'seats_not_of_show',
      'admission_required',
      'admission_expired',
      'admission_not_valid',
      'not_found',
      ['seats_unavailable', 'Seats taken, or a per-customer limit reached.'],
      'seats_recently_held',
      'hold_limit_reached',
      'seat_limit_reached',
      ['seat_stranded', 'The selection would leave a single seat empty between taken ones.'],
      ['accessible_seat_held_back', 'A wheelchair space without `accessible: true`.'],
      'companion_seat_alone',
      'show_started',
      'sales_not_open',
      'too_many_requests',
    ],
  }),

  requireRole('user'),
  validate('json', postHoldSchema),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const { show_id: showId, seat_ids: seatIds, accessible } = c.req.valid('json');
    const now = clock();
    await limitHoldRate(db, user.id, now);
    const show = await findShowFacts(db, showId);
    if (!show) notFound(SHOW_NOT_FOUND);
    if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
    // Not before sales open; on a high-demand show, only with an admission (onsale/gate.ts).
    await enforceAdmission(db, config, {
      showId,
      userId: user.id,
      token: c.req.valid('json').admission_token,
      now,
    });

    const hold = await transactionWithRetry(db, async (tx) => {
      // One customer's holds and bookings take turns: the limits below count what the previous
      // one committed (a double click waits for the first hold and then replaces it).
      await lockCustomer(tx, user.id);
      // The customer's own limits first, before any seat is locked: only this customer's
      // transactions change what they read. Every statement from the seats' lock to the commit
      // makes the other holds of those rows wait, so that stretch is kept to the few that need it.
      const elsewhere = await countActiveHoldsElsewhere(tx, { userId: user.id, showId, now });
      if (elsewhere >= MAX_ACTIVE_HOLDS) {
        conflict(HOLD_LIMIT_REACHED, { code: 'hold_limit_reached', limit: MAX_ACTIVE_HOLDS });
      }
      const run = await runHolds(tx, {
        userId: user.id,
        showId,
        since: new Date(now.getTime() - HOLD_REST_MINUTES * MINUTE),
      });
      const { until, resting, freeAt } = deadlineFor(run, seatIds, now);
      if (resting.length > 0) {
        const labels = await seatLabels(tx, resting);
        const seconds = Math.ceil((freeAt.getTime() - now.getTime()) / 1000);
        conflict(seatsRecentlyHeld(labels, Math.ceil(seconds / 60)), {
          code: 'seats_recently_held',
          seats: labels,
          retry_after: seconds,
        });
      }
      // The hold being replaced does not count: it is released below.
      await enforceSeatLimit(tx, {
        userId: user.id,
        showId,
        now,
        adding: seatIds,
        max: config.maxSeatsPerShow,
        holdsReplaced: true,
      });
      const id = await insertHold(tx, { userId: user.id, showId, seatIds, now, expiresAt: until });
      const placed = await findHold(tx, id, user.id, now);

      // Lock first, check after: the states are read by a new statement once no one else can
      // touch these seats (every seat of their rows: the rules read the neighbours), so they see
      // every booking and hold committed before.
      const found = await lockSeatsForHold(tx, { showId, userId: user.id, seatIds });
      if (found.length !== seatIds.length) {
        badRequest(SEATS_NOT_OF_SHOW, undefined, { code: 'seats_not_of_show' });
      }
      // The customer's own held seats count as free ('my_hold'): the release below frees them.
      const states = await rowSeatStates(tx, { showId, userId: user.id, seatIds, now });
      enforceSelectionRules(states, {
        seatIds,
        now,
        accessibleReleaseAt: show.accessible_release_at,
        accessible: accessible ?? false,
      });
      // Sent together (pipelined, in this order): the seats are locked, so only the customer's
      // own older hold, released first, is in the way of the new one.
      const [freed, taken] = await Promise.all([
        releaseActiveHolds(tx, { showId, userId: user.id, now, replacedBy: id }),
        takeSeats(tx, { id, userId: user.id, showId, seatIds, now, until }),
      ]);
      const held = new Set(taken);
      if (held.size !== seatIds.length) {
        // Rolls everything back, the customer's older hold included.
        const labels = await seatLabels(
          tx,
          seatIds.filter((seatId) => !held.has(seatId)),
        );
        conflict(seatsUnavailable(labels), { code: 'seats_unavailable', seats: labels });
      }
      // Last: the show's row it locks is every writer's of this show (booking/sql.ts).
      await recordSeatChange(tx, { showId, seatIds: [...freed, ...seatIds], now });
      return placed;
    });
    return c.json(hold, 201);
  },
);
