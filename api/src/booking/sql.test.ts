// Every write that changes a seat map leaves the show's version, counts and event log current in
// the same transaction (booking/sql.ts recordSeatChange), whichever path made it.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';

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
