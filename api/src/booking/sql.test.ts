// Every write that changes a seat map leaves the show's version, counts and event log current in
// the same transaction (booking/sql.ts recordSeatChange), whichever path made it.
import assert from 'node:assert/strict';
import type { Tx } from '../db/db.ts';
import { testClock } from '../testing/app.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { createTestDb, onPostgresServer, secondPool } from '../testing/db.ts';
import { bookSeat, recordSeatChange } from './sql.ts';

type ShowState = { seats_version: number; booked_seats: number; held_seats: number };

Deno.test('hold, pay, cancel and release each bump the show and log the seats’ new status', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const state = async () => {
    const [row] = await t.db.query<ShowState>`
      SELECT seats_version, booked_seats, held_seats FROM shows WHERE id = ${show.id}`;
    return row;
  };
  const events = () =>
    t.db.query<{ version: number; seats: unknown }>`
      SELECT version, seats FROM seat_events WHERE show_id = ${show.id} ORDER BY id`;
  const before = await state();
  assert.ok(before);

  const [a5, a6] = [show.seat('A5'), show.seat('A6')];
  const hold = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [a5, a6] }, customer.token)
  ).json();
  assert.deepEqual(await state(), {
    seats_version: before.seats_version + 1,
    booked_seats: before.booked_seats,
    held_seats: before.held_seats + 2,
  });
  const confirmed = await t.post(`/api/holds/${hold.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'pay-once',
  });
  assert.equal(confirmed.status, 201);
  const { tickets } = await confirmed.json();
  assert.deepEqual(await state(), {
    seats_version: before.seats_version + 2,
    booked_seats: before.booked_seats + 2,
    held_seats: before.held_seats,
  });
  const cancelled = await t.request('PATCH', `/api/bookings/${tickets[0].id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancelled.status, 200);
  const cancelledSeat = tickets[0].seat.id;
  assert.deepEqual(await state(), {
    seats_version: before.seats_version + 3,
    booked_seats: before.booked_seats + 1,
    held_seats: before.held_seats,
  });

  const again = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('B1')] }, customer.token)
  ).json();
  await t.request('DELETE', `/api/holds/${again.id}/`, { token: customer.token });

  const logged = await events();
  assert.deepEqual(
    logged.slice(-5).map((e) => e.seats),
    [
      [
        { id: a5, status: 'held', booked_by: null, checked_in: false },
        { id: a6, status: 'held', booked_by: null, checked_in: false },
      ],
      [
        { id: a5, status: 'booked', booked_by: customer.username, checked_in: false },
        { id: a6, status: 'booked', booked_by: customer.username, checked_in: false },
      ],
      [{ id: cancelledSeat, status: 'available', booked_by: null, checked_in: false }],
      [{ id: show.seat('B1'), status: 'held', booked_by: null, checked_in: false }],
      [{ id: show.seat('B1'), status: 'available', booked_by: null, checked_in: false }],
    ],
  );
  assert.deepEqual(
    logged.slice(-5).map((e) => e.version),
    [1, 2, 3, 4, 5].map((n) => before.seats_version + n),
  );
});

Deno.test('a refused hold changes neither the show nor the event log', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A5')] }, customer.token);
  const [before] = await t.db.query`SELECT seats_version FROM shows WHERE id = ${show.id}`;
  const logged = await t.db.query`SELECT count(*)::integer AS n FROM seat_events`;
  const refused = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A5')] },
    bea.token,
  );
  assert.equal(refused.status, 409);
  assert.deepEqual(await t.db.query`SELECT seats_version FROM shows WHERE id = ${show.id}`, [
    before,
  ]);
  assert.deepEqual(await t.db.query`SELECT count(*)::integer AS n FROM seat_events`, logged);
});

Deno.test('racing bookings, cancellations and check-ins of one show from two API instances leave its counts exact', async () => {
  await using base = await createTestDb();
  await using second = secondPool(base);
  const clock = testClock();
  await using a = await createBookingTestApp({ db: base.db, clock });
  await using b = await createBookingTestApp({
    db: second.db,
    clock,
    config: { jwtSecret: a.config.jwtSecret },
  });
  const { owner, theater, movie } = await a.scenario({ rows: 10, seatsPerRow: 10 });
  // Starts in half an hour: its door is open, and its tickets can still be cancelled.
  const show = await a.show(movie, theater, {
    startsAt: new Date(clock().getTime() + 30 * 60_000),
  });
  const fans = await a.customers(80, 'fan');
  const book = (k: number, row: string, column: number) =>
    (k % 2 === 0 ? a : b).post(
      '/api/bookings/',
      { movie_id: movie.id, theater_id: theater.id, show_id: show.id, row, column },
      fans[k]?.token,
    );
  const booked = await Promise.all(
    fans.map((_, k) => book(k, 'ABCDEFGH'.charAt(Math.floor(k / 10)), 1 + (k % 10))),
  );
  assert.ok(booked.every((r) => r.status === 201));
  const tickets = await Promise.all(
    booked.map(async (r) => (await r.json()) as { id: number; code: string }),
  );
  // A quarter cancel, a quarter book another seat, half are checked in, all at once.
  const raced = await Promise.all(
    fans.map((fan, k) => {
      const ticket = tickets[k];
      if (!ticket) throw new Error('no ticket');
      const app = k % 3 === 0 ? a : b;
      if (k % 4 === 0) {
        return app.request('PATCH', `/api/bookings/${ticket.id}/cancel/`, { token: fan.token });
      }
      if (k % 4 === 1) return book(k, k < 40 ? 'I' : 'J', 1 + (Math.floor(k / 4) % 10));
      return app.post('/api/tickets/check-in/', { code: ticket.code }, owner.token);
    }),
  );
  assert.deepEqual(
    raced.map((r) => r.status),
    fans.map((_, k) => (k % 4 === 1 ? 201 : 200)),
  );
  const [row] = await a.db.query<{ stored: number[]; counted: number[] }>`
    SELECT ARRAY[s.booked_seats, s.cancelled_bookings, s.checked_in_seats] AS stored,
           ARRAY[(SELECT count(*) FROM bookings WHERE show_id = s.id AND NOT is_cancelled),
                 (SELECT count(*) FROM bookings WHERE show_id = s.id AND is_cancelled),
                 (SELECT count(*) FROM bookings
                   WHERE show_id = s.id AND checked_in_at IS NOT NULL)]::integer[] AS counted
      FROM shows s WHERE s.id = ${show.id}`;
  assert.deepEqual(row?.counted, [80, 20, 40]);
  assert.deepEqual(row?.stored, row?.counted);
});

Deno.test({
  name: 'a write that waits for the show’s row recounts it with what was committed meanwhile',
  // Two transactions at once need two connections; PGlite has one.
  ignore: !onPostgresServer,
  async fn() {
    await using base = await createTestDb();
    await using second = secondPool(base);
    await using t = await createBookingTestApp({ db: base.db });
    const { customer, show } = await t.scenario();
    const [bea] = await t.customers(1, 'bea');
    if (!bea) throw new Error('no customer');
    const now = t.clock();
    const write = (tx: Tx, who: number, label: string) =>
      bookSeat(tx, {
        userId: who,
        seatId: show.seat(label),
        now,
        idempotencyKey: null,
      }).then(() => recordSeatChange(tx, { showId: show.id, seatIds: [show.seat(label)], now }));
    // The first writer records its booking and keeps the show's row locked until told to commit.
    let commitFirst = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    let firstRecorded = () => {};
    const recorded = new Promise<void>((resolve) => {
      firstRecorded = resolve;
    });
    const first = base.db.transaction(async (tx) => {
      await write(tx, customer.id, 'A1');
      firstRecorded();
      await mayCommit;
    });
    await recorded;
    // The second books another seat and waits for the row; the first commits while it waits.
    const secondWrite = second.db.transaction((tx) => write(tx, bea.id, 'A2'));
    for (let waited = 0; ; waited += 10) {
      const [row] = await t.db.query<{ waiting: number }>`
        SELECT count(*)::integer AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (row?.waiting) break;
      if (waited > 5000) throw new Error('the second writer never waited for the show');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    commitFirst();
    await first;
    await secondWrite;
    const [counts] = await t.db.query<{ booked_seats: number }>`
      SELECT booked_seats FROM shows WHERE id = ${show.id}`;
    assert.deepEqual(counts, { booked_seats: 2 });
  },
});
