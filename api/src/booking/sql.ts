// The one module that writes bookings and the seats' hold columns, for every path that holds,
// books, pays for, releases or cancels seats (holds, bookings, the demo data), together with the
// locks that order those writes. Resources call these; none writes bookings or seats itself.
// (A show's seats are created with the show, in shows/sql.ts insertShow.)
//
// Lock order: every statement that locks several seats locks them in ascending id order (an
// ORDER BY id ... FOR UPDATE subquery), so two transactions can never wait for each other.
// Callers pass `db` or, inside a transaction, `tx`.
import type { Queryable } from '../db/db.ts';

// Arbitrary constant naming the per-customer advisory lock (the migration runner uses 827361001,
// the admin seeding 827361002).
const CUSTOMER_LOCK = 827361003;

/**
 * Serialises everything one customer does that holds or books seats (placing, releasing and
 * paying for holds, booking one seat), until the transaction ends. Taken first, before any row
 * lock: the customer's limits are then counted by statements that see the previous writer's
 * commit, so racing requests of one customer cannot pass a limit together.
 */
export async function lockCustomer(q: Queryable, userId: number): Promise<void> {
  await q.query`SELECT pg_advisory_xact_lock(${CUSTOMER_LOCK}, (${userId}::bigint % 2147483647)::integer)`;
}

/**
 * The seats of a show the customer has (live bookings and unexpired holds; with
 * `holdsReplaced`, the bookings only: a new hold releases the others), and how many they would
 * have with `adding` too (a seat they have already counts once).
 */
export async function countCustomerSeats(
  q: Queryable,
  c: { userId: number; showId: number; now: Date; adding: number[]; holdsReplaced?: boolean },
): Promise<{ owned: number; after: number }> {
  const [row] = await q.query<{ owned: number; after: number }>`
    WITH owned AS (
      SELECT seat_id AS id FROM bookings
       WHERE user_id = ${c.userId} AND show_id = ${c.showId} AND NOT is_cancelled
      UNION
      SELECT id FROM seats
       WHERE show_id = ${c.showId} AND hold_id IS NOT NULL
         AND held_by = ${c.userId} AND held_until > ${c.now}
         AND NOT ${c.holdsReplaced ?? false}::boolean
    )
    SELECT (SELECT count(*) FROM owned)::integer AS owned,
           (SELECT count(*) FROM (SELECT id FROM owned
                                  UNION
                                  SELECT unnest(${c.adding}::bigint[])) a)::integer AS after`;
  return row ?? { owned: 0, after: c.adding.length };
}

/** Locks one seat until the transaction ends; the next statement sees every committed booking. */
export async function lockSeat(q: Queryable, seatId: number): Promise<void> {
  await q.query`SELECT id FROM seats WHERE id = ${seatId} FOR UPDATE`;
}

/**
 * Books one seat for the customer at the seat's price if it is free: no live booking, no
 * unexpired hold of someone else (the customer's own hold on it is used up), and not blocked.
 * Returns the booking id, or null.
 */
export async function bookSeat(
  q: Queryable,
  booking: { userId: number; seatId: number; now: Date; idempotencyKey: string | null },
): Promise<number | null> {
  const [row] = await q.query<{ id: number }>`
    WITH taken AS (
      UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
       WHERE id = ${booking.seatId} AND kind <> 'blocked'
         AND (held_until IS NULL OR held_until <= ${booking.now} OR held_by = ${booking.userId})
         AND NOT EXISTS (SELECT 1 FROM bookings b
                          WHERE b.seat_id = seats.id AND NOT b.is_cancelled)
      RETURNING id, show_id, price
    )
    INSERT INTO bookings (user_id, show_id, seat_id, price, idempotency_key, created_at)
    SELECT ${booking.userId}, show_id, id, price, ${booking.idempotencyKey}, ${booking.now}
      FROM taken
    RETURNING id`;
  return row?.id ?? null;
}

export interface LockedBooking {
  id: number;
  show_id: number;
  seat_id: number;
  is_cancelled: boolean;
  /** When it was admitted at the door (a checked-in ticket cannot be cancelled). */
  checked_in_at: Date | null;
  show_starts_at: Date;
}

/** The customer's booking, locked until the transaction ends; null if not theirs or unknown. */
export async function lockBooking(
  q: Queryable,
  bookingId: number,
  userId: number,
): Promise<LockedBooking | null> {
  const [row] = await q.query<LockedBooking>`
    SELECT b.id, b.show_id, b.seat_id, b.is_cancelled, b.checked_in_at,
           s.starts_at AS show_starts_at
      FROM bookings b
      JOIN shows s ON s.id = b.show_id
     WHERE b.id = ${bookingId} AND b.user_id = ${userId}
       FOR UPDATE OF b`;
  return row ?? null;
}

export async function cancelBooking(q: Queryable, bookingId: number, now: Date): Promise<void> {
  await q.query`
    UPDATE bookings SET is_cancelled = true, cancelled_at = ${now}
     WHERE id = ${bookingId} AND NOT is_cancelled AND checked_in_at IS NULL`;
}

/**
 * Books the seats with these labels ('A1', ...) of a show for one customer, each at its price,
 * in one statement, skipping any that already have a live booking or are blocked. For the demo
 * data; returns how many it booked.
 */
export async function bookSeatsByLabel(
  q: Queryable,
  booking: { userId: number; showId: number; labels: string[]; now: Date },
): Promise<number> {
  const rows = await q.query<{ seat_id: number }>`
    INSERT INTO bookings (user_id, show_id, seat_id, price, created_at)
    SELECT ${booking.userId}, se.show_id, se.id, se.price, ${booking.now}
      FROM seats se
     WHERE se.show_id = ${booking.showId}
       AND se.row_label || se.col = ANY (${booking.labels}::text[])
       AND se.kind <> 'blocked'
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.seat_id = se.id AND NOT b.is_cancelled)
    RETURNING seat_id`;
  if (rows.length > 0) {
    const seatIds = rows.map((r) => r.seat_id);
    await recordSeatChange(q, { showId: booking.showId, seatIds, now: booking.now });
  }
  return rows.length;
}

/**
 * Locks, in id order and in one statement, every seat of the show's rows that the requested
 * seats are in (the seat-choice rules read their neighbours: booking/selection.ts) and the seats
 * the customer holds there now (the older hold about to be released). Returns the requested
 * seats that exist in the show. Once this returns, no other transaction can change these rows
 * until ours ends, and the next statement sees every booking and hold committed before that:
 * two holds racing in one row take turns, and the second sees the first's seats taken.
 */
export async function lockSeatsForHold(
  q: Queryable,
  hold: { showId: number; userId: number; seatIds: number[] },
): Promise<number[]> {
  const rows = await q.query<{ id: number; requested: boolean }>`
    SELECT id, id = ANY (${hold.seatIds}::bigint[]) AS requested
      FROM seats
     WHERE show_id = ${hold.showId}
       AND (row_pos IN (SELECT r.row_pos FROM seats r
                         WHERE r.show_id = ${hold.showId}
                           AND r.id = ANY (${hold.seatIds}::bigint[]))
            OR held_by = ${hold.userId})
     ORDER BY id
       FOR UPDATE`;
  return rows.filter((r) => r.requested).map((r) => r.id);
}

/**
 * Releases the customer's active holds on the show but `replacedBy` (the hold replacing them);
 * returns the seats that became free.
 */
export async function releaseActiveHolds(
  q: Queryable,
  hold: { showId: number; userId: number; now: Date; replacedBy: number },
): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    WITH released AS (
      UPDATE holds SET released_at = ${hold.now}
       WHERE user_id = ${hold.userId} AND show_id = ${hold.showId} AND id <> ${hold.replacedBy}
         AND released_at IS NULL AND confirmed_at IS NULL AND expires_at > ${hold.now}
      RETURNING id, seat_ids
    )
    UPDATE seats se SET hold_id = NULL, held_by = NULL, held_until = NULL
      FROM released r
     WHERE se.id = ANY (r.seat_ids) AND se.hold_id = r.id
    RETURNING se.id`;
  return rows.map((r) => r.id);
}

/**
 * Puts the hold on those of its seats that are free: no live booking, no unexpired hold of
 * someone else, and not blocked. Returns the ids it took; fewer than asked means someone else has the others.
 */
export async function takeSeats(
  q: Queryable,
  hold: { id: number; userId: number; showId: number; seatIds: number[]; now: Date; until: Date },
): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    UPDATE seats
       SET hold_id = ${hold.id}, held_by = ${hold.userId}, held_until = ${hold.until}
     WHERE show_id = ${hold.showId}
       AND id = ANY (${hold.seatIds}::bigint[]) AND kind <> 'blocked'
       AND (held_until IS NULL OR held_until <= ${hold.now} OR held_by = ${hold.userId})
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.seat_id = seats.id AND NOT b.is_cancelled)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/** Marks the hold released and frees the seats that still carry it. */
export async function releaseHold(
  q: Queryable,
  hold: { id: number; seat_ids: number[] },
  now: Date,
): Promise<void> {
  await q.query`
    UPDATE holds SET released_at = ${now} WHERE id = ${hold.id} AND released_at IS NULL`;
  await q.query`
    UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
     WHERE id IN (SELECT id FROM seats
                   WHERE id = ANY (${hold.seat_ids}::bigint[]) AND hold_id = ${hold.id}
                   ORDER BY id
                     FOR UPDATE)
       AND hold_id = ${hold.id}`;
}

/**
 * Turns the hold's seats into bookings in one statement: the seats that still carry this
 * unexpired hold lose it and get one booking each, at the seat's price. Returns the new
 * bookings; fewer than the hold's seats means some were lost (the caller rolls back).
 */
export async function bookHeldSeats(
  q: Queryable,
  hold: { id: number; userId: number; seatIds: number[]; now: Date },
): Promise<{ id: number; seat_id: number }[]> {
  return await q.query<{ id: number; seat_id: number }>`
    WITH taken AS (
      UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
       WHERE id IN (SELECT id FROM seats
                     WHERE id = ANY (${hold.seatIds}::bigint[]) AND hold_id = ${hold.id}
                     ORDER BY id
                       FOR UPDATE)
         AND hold_id = ${hold.id} AND held_until > ${hold.now}
      RETURNING id, show_id, price
    )
    INSERT INTO bookings (user_id, show_id, seat_id, hold_id, price, created_at)
    SELECT ${hold.userId}, show_id, id, ${hold.id}, price, ${hold.now}
      FROM taken
     ORDER BY id
    RETURNING id, seat_id`;
}

/** The NOTIFY channel of seat changes (read by live/, the streams of every API instance). */
export const SEAT_EVENTS_CHANNEL = 'seat_events';

// NOTIFY payloads must stay under 8000 bytes; a larger change is announced without its seats,
// which the listener then reads from seat_events.
const NOTIFY_SEATS_MAX_CHARS = 6000;
// The seats and their owners together (live/hub.ts SeatNotification): without the owners, the
// instances read the map again instead of applying the change.
const NOTIFY_MAX_BYTES = 7200;

/**
 * The last statements of every transaction that changes what a show's seat map shows or its
 * bookings (so the show's row lock is held only until commit): bumps the show's seats_version,
 * recounts its booked and held seats and the sales report's figures (cancelled bookings, tickets
 * checked in: migration 0014; takings: migration 0031), logs the new public status of `seatIds`
 * in seat_events and announces it on SEAT_EVENTS_CHANNEL, delivered at commit. Returns the
 * event's id.
 */
export async function recordSeatChange(
  q: Queryable,
  change: { showId: number; seatIds: number[]; now: Date },
): Promise<number> {
  // The show's row is locked first, in a statement of its own, so the recount below reads a
  // snapshot taken after every earlier writer of this show has committed. Counted in the same
  // statement as the UPDATE, a writer that had to wait for the row would store counts from
  // before the other's commit (READ COMMITTED rechecks only the locked row), and lose its
  // booking from the counts.
  // Sent together (pipelined on the transaction's connection): the recount still starts only
  // once the lock is taken, but the row is held one round trip less, and every writer of the
  // show waits for that row.
  const locked = q.query`SELECT 1 FROM shows WHERE id = ${change.showId} FOR NO KEY UPDATE`;
  const recounted = q.query<{ id: number }>`
    WITH tally AS (
      SELECT count(*) FILTER (WHERE NOT b.is_cancelled)::integer AS booked,
             count(*) FILTER (WHERE b.is_cancelled)::integer AS cancelled,
             count(*) FILTER (WHERE NOT b.is_cancelled AND b.checked_in_at IS NOT NULL)::integer
               AS checked_in,
             coalesce(sum(b.price) FILTER (WHERE NOT b.is_cancelled), 0)::bigint AS revenue
        FROM bookings b
       WHERE b.show_id = ${change.showId}
    ), counts AS (
      SELECT tally.booked, tally.cancelled, tally.checked_in, tally.revenue,
             (SELECT count(*)::integer FROM seats se
               WHERE se.show_id = ${change.showId} AND se.hold_id IS NOT NULL
                 AND se.held_until > ${change.now}) AS held,
             (SELECT min(se.held_until) FROM seats se
               WHERE se.show_id = ${change.showId} AND se.hold_id IS NOT NULL
                 AND se.held_until > ${change.now}) AS next_expiry
        FROM tally
    ), bumped AS (
      UPDATE shows
         SET seats_version = seats_version + 1,
             booked_seats = counts.booked, held_seats = counts.held,
             cancelled_bookings = counts.cancelled, checked_in_seats = counts.checked_in,
             revenue = counts.revenue
        FROM counts
       WHERE shows.id = ${change.showId}
      RETURNING shows.seats_version
    ), changed AS (
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'id', se.id,
               'status', CASE WHEN b.id IS NOT NULL THEN 'booked'
                              WHEN se.hold_id IS NOT NULL AND se.held_until > ${change.now}
                                THEN 'held'
                              ELSE 'available' END,
               'booked_by', u.username,
               'checked_in', b.checked_in_at IS NOT NULL)
               -- A ticket scanned again while inside (booking/door.ts): only when it was.
               || CASE WHEN b.duplicate_scans > 0 THEN '{"duplicate":true}'::jsonb ELSE '{}' END
               ORDER BY se.id), '[]'::jsonb) AS seats,
             -- Who has each seat now, for the instances' seat maps (never sent to a client).
             coalesce(json_agg(json_build_array(
               se.id,
               coalesce(b.user_id, se.held_by),
               CASE WHEN b.id IS NULL THEN extract(epoch FROM se.held_until) * 1000 END)
               ORDER BY se.id)
               FILTER (WHERE b.id IS NOT NULL
                          OR (se.hold_id IS NOT NULL AND se.held_until > ${change.now})),
               '[]'::json) AS owners
        FROM seats se
        LEFT JOIN bookings b ON b.seat_id = se.id AND NOT b.is_cancelled
        LEFT JOIN users u ON u.id = b.user_id
       WHERE se.show_id = ${change.showId} AND se.id = ANY (${change.seatIds}::bigint[])
    ), event AS (
      INSERT INTO seat_events (show_id, version, seats, created_at)
      SELECT ${change.showId}, bumped.seats_version, changed.seats, ${change.now}
        FROM bumped, changed
      RETURNING id, version, seats
    )
    SELECT event.id,
           pg_notify(${SEAT_EVENTS_CHANNEL}, json_build_object(
             'id', event.id, 'show', ${change.showId}::bigint, 'version', event.version,
             'seats', CASE WHEN length(event.seats::text) <= ${NOTIFY_SEATS_MAX_CHARS}
                           THEN event.seats END,
             'owners', CASE WHEN octet_length(event.seats::text)
                                 + octet_length(changed.owners::text) <= ${NOTIFY_MAX_BYTES}
                            THEN changed.owners END,
             'next_expiry', counts.next_expiry)::text) AS notified
      FROM event, counts, changed`;
  const [, [row]] = await Promise.all([locked, recounted]);
  if (!row) throw new Error(`Show ${change.showId} not found for a seat change`);
  return row.id;
}

/**
 * The expiry sweep's write (live/hub.ts): clears the hold columns of the show's seats whose hold
 * has lapsed, and returns them, in the caller's transaction, which then records the change like
 * any other (recordSeatChange). A lapsed hold shows as available already; clearing it only makes
 * the lapse a write that viewers hear and that keeps the show's held count right. Seats another
 * transaction has locked are skipped, not waited for: that writer is changing them anyway, and
 * two instances sweeping at once each clear (and announce) only what the other did not.
 */
export async function expireLapsedHolds(
  q: Queryable,
  sweep: { showId: number; now: Date },
): Promise<number[]> {
  const rows = await q.query<{ id: number }>`
    UPDATE seats SET hold_id = NULL, held_by = NULL, held_until = NULL
     WHERE id IN (SELECT id FROM seats
                   WHERE show_id = ${sweep.showId} AND held_until <= ${sweep.now}
                     AND hold_id IS NOT NULL
                   ORDER BY id
                     FOR UPDATE SKIP LOCKED)
       AND held_until <= ${sweep.now}
    RETURNING id`;
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
