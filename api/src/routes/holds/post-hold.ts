// POST /api/holds/ {show_id, seat_ids, accessible?} (customers only): holds 1 to 10 seats of an
// upcoming show for HOLD_MINUTES while the customer pays. All or nothing: if any seat is booked,
// held by someone else or blocked, nothing is held and the 409 names those seats. The seat-choice
// rules apply (booking/selection.ts): no single seat stranded, wheelchair spaces only with
// `accessible: true` and companion seats only with their free space until the show's
// accessible_release_at. A newer hold of the customer on the same show replaces their older one
// (re-picking seats just works) but keeps its deadline.
//
// No hoarding: at most config.maxSeatsPerShow seats of the show held and booked together, holds
// on at most MAX_ACTIVE_HOLDS shows at once, HOLDS_PER_MINUTE holds a minute (not counting the
// ones refused at once for a seat already taken); and the 10 minutes
// run from the customer's first hold on the show: replacing, re-posting or releasing and holding
// again never extends them. Once they are over, seats the customer held rest HOLD_REST_MINUTES
// before that customer may hold them again.

import { limitHoldRate, refuseOverSeatLimit } from '../../booking/limits.ts';
import { findShowFacts, rowSeatStates, takenSeatLabels } from '../../booking/reads.ts';
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
  countCustomerSeats,
  lockCustomer,
  lockSeatsForHold,
  recordSeatChange,
  releaseActiveHolds,
  takeSeats,
} from '../../booking/sql.ts';
import { isFailedCondition } from '../../db/errors.ts';
import { preferGenericPlans } from '../../db/generic-plans.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRoleFromMemory } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { enforceAdmission } from '../../onsale/gate.ts';
import { HoldSchema, postHoldSchema } from './schemas.ts';
import {
  countActiveHoldsElsewhere,
  ensureSeatsTaken,
  findHold,
  insertHold,
  type RunHold,
  runHolds,
  SEATS_NOT_TAKEN,
  seatLabels,
  setHoldDeadline,
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

  // The session from memory while this instance hears every ended one (http/auth.ts).
  requireRoleFromMemory('user'),
  validate('json', postHoldSchema),
  async (c) => {
    const db = c.get('db');
    const clock = c.get('clock');
    const config = c.get('config');
    const userId = c.get('userId');
    const { show_id: showId, seat_ids: seatIds, accessible } = c.req.valid('json');
    const now = clock();
    // The show's facts and which of the seats are taken, asked at once (two statements in
    // flight, not two round trips one after the other).
    const showRead = findShowFacts(db, showId);
    const takenRead = takenSeatLabels(db, { showId, userId, seatIds, now });
    takenRead.catch(() => {}); // Awaited below unless the show's answer ends the request first.
    const show = await showRead;
    if (!show) notFound(SHOW_NOT_FOUND);
    if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
    // Not before sales open; on a high-demand show, only with an admission (onsale/gate.ts).
    await enforceAdmission(config, show, {
      showId,
      userId,
      token: c.req.valid('json').admission_token,
      now,
    });
    // Most holds of an on-sale ask for a seat someone has just taken: refused after one read,
    // without a transaction, a lock or the customer's limits.
    const taken = await takenRead;
    if (taken.length > 0) {
      conflict(seatsUnavailable(taken), { code: 'seats_unavailable', seats: taken });
    }
    // Counted from here: a hold refused above takes nothing (nothing to hoard), costs two reads,
    // and a fan clicking seats others have just taken at an on-sale is not shut out for a minute.
    await limitHoldRate(db, userId, now);

    const hold = await transactionWithRetry(db, async (tx) => {
      // Every statement from the seats' lock to the commit makes the other holds of those rows
      // wait, and each round trip is slow when thousands of fans ask at once: the statements are
      // sent in two batches (pipelined on the transaction's connection). PostgreSQL runs a batch
      // in order, each statement after the one before is done, so each read below still starts
      // after the lock before it is held and sees every commit made before it.
      //
      // First batch. One customer's holds and bookings take turns (the customer's lock): the
      // limits count what the previous one committed (a double click waits for the first hold,
      // then replaces it). Then every seat of the rows touched is locked (the rules read the
      // neighbours) and their states are read; then the hold is inserted with a first deadline.
      const since = new Date(now.getTime() - HOLD_REST_MINUTES * MINUTE);
      const guess = new Date(now.getTime() + HOLD_MINUTES * MINUTE);
      const planned = preferGenericPlans(tx);
      const customerLocked = lockCustomer(tx, userId);
      const elsewhereRead = countActiveHoldsElsewhere(tx, { userId, showId, now });
      const runRead = runHolds(tx, { userId, showId, since });
      // The hold being replaced does not count: it is released below.
      const seatsCounted = countCustomerSeats(tx, {
        userId,
        showId,
        now,
        adding: seatIds,
        holdsReplaced: true,
      });
      const seatsLocked = lockSeatsForHold(tx, { showId, userId, seatIds });
      const statesRead = rowSeatStates(tx, { showId, userId, seatIds, now });
      const inserted = insertHold(tx, { userId, showId, seatIds, now, expiresAt: guess });
      const [, , elsewhere, run, counted, found, states, id] = await Promise.all([
        planned,
        customerLocked,
        elsewhereRead,
        runRead,
        seatsCounted,
        seatsLocked,
        statesRead,
        inserted,
      ]);
      if (elsewhere >= MAX_ACTIVE_HOLDS) {
        conflict(HOLD_LIMIT_REACHED, { code: 'hold_limit_reached', limit: MAX_ACTIVE_HOLDS });
      }
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
      refuseOverSeatLimit(counted, config.maxSeatsPerShow);
      if (found.length !== seatIds.length) {
        badRequest(SEATS_NOT_OF_SHOW, undefined, { code: 'seats_not_of_show' });
      }
      // The customer's own held seats count as free ('my_hold'): the release below frees them.
      enforceSelectionRules(states, {
        seatIds,
        now,
        accessibleReleaseAt: show.accessible_release_at,
        accessible: accessible ?? false,
      });

      // Second batch: the deadline, the customer's older hold released, the seats taken, the
      // hold read back, and the change recorded (the show's row locked last: every writer of the
      // show waits for it), then COMMIT right behind them (tx.commit(), decision 0054), so the
      // show's row is free once PostgreSQL has run them. Should a seat not be taken after all,
      // ensureSeatsTaken fails the transaction before the show's row is touched and everything
      // rolls back.
      const deadlineSet =
        until.getTime() === guess.getTime() ? null : setHoldDeadline(tx, id, until);
      const released = releaseActiveHolds(tx, { showId, userId, now, replacedBy: id });
      const took = takeSeats(tx, { id, userId, showId, seatIds, now, until });
      const readBack = findHold(tx, id, userId, now);
      const allTaken = ensureSeatsTaken(tx, id, seatIds);
      // The seats of the customer's holds still in force, which the release frees (a seat whose
      // hold was already replaced is announced as it stands: no harm).
      const freed = run.filter((h) => h.ended_at > now).flatMap((h) => h.seat_ids);
      const changed = [...new Set([...freed, ...seatIds])];
      const recorded = recordSeatChange(tx, { showId, seatIds: changed, now });
      const committed = tx.commit();
      try {
        const [, , , placed] = await Promise.all([
          deadlineSet,
          released,
          took,
          readBack,
          allTaken,
          recorded,
          committed,
        ]);
        return placed;
      } catch (error) {
        if (!isFailedCondition(error, SEATS_NOT_TAKEN)) throw error;
        const held = new Set(await took);
        // Their labels as the first batch read them (front row first, left to right).
        const seats = states
          .filter((s) => seatIds.includes(s.id) && !held.has(s.id))
          .map((s) => s.label);
        conflict(seatsUnavailable(seats), { code: 'seats_unavailable', seats });
      }
    });
    return c.json(hold, 201);
  },
);
