import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('my tickets are the caller’s own, newest show first, cancelled ones included', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, movie, theater } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const later = await t.show(movie, theater, { startsAt: new Date('2026-03-05T14:30:00Z') });
  assert.equal(
    (await t.holdAndPay(customer, show.id, [show.seat('A2'), show.seat('A1')])).status,
    201,
  );
  const paid = await (await t.holdAndPay(customer, later.id, [later.seat('H12')])).json();
  assert.equal((await t.holdAndPay(bea, show.id, [show.seat('A3')])).status, 201);
  await t.request('PATCH', `/api/bookings/${paid.tickets[0].id}/cancel/`, {
    token: customer.token,
  });

  const res = await t.get('/api/my-tickets/', customer.token);
  assert.equal(res.status, 200);
  const tickets = await res.json();
  assert.deepEqual(
    tickets.map((x: { seat: { row: string; column: number } }) => `${x.seat.row}${x.seat.column}`),
    ['H12', 'A1', 'A2'],
  );
  assert.deepEqual(tickets[0], {
    id: paid.tickets[0].id,
    movie_name: 'The Long Night',
    theater_name: theater.name,
    seat: { id: later.seat('H12'), row: 'H', column: 12 },
    show: 'The Long Night · Thu, 05 Mar 2026 · 20:00',
    show_id: later.id,
    date: '2026-03-05',
    start_time: '20:00',
    end_time: '22:00',
    starts_at: '2026-03-05T14:30:00.000Z',
    is_cancelled: true,
    total_price: 100,
    can_cancel: false,
    code: paid.tickets[0].code,
    checked_in_at: null,
  });
  assert.deepEqual(
    tickets.map((x: { can_cancel: boolean }) => x.can_cancel),
    [false, true, true],
  );
  // After the show starts, its tickets can no longer be cancelled.
  t.clock.set(show.startsAt);
  const after = await (await t.get('/api/my-tickets', customer.token)).json();
  assert.deepEqual(
    after.map((x: { can_cancel: boolean }) => x.can_cancel),
    [false, false, false],
  );
  const beas = await (await t.get('/api/my-tickets/', bea.token)).json();
  assert.deepEqual(
    beas.map((x: { seat: { id: number } }) => x.seat.id),
    [show.seat('A3')],
  );
});

Deno.test('my tickets is an empty list before any booking, and needs a signed-in user', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const res = await t.get('/api/my-tickets/', customer.token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), []);
  assert.equal((await t.get('/api/my-tickets/')).status, 401);
});

Deno.test('my tickets is one SQL statement after authentication', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  assert.equal(
    (await t.holdAndPay(customer, show.id, [show.seat('A1'), show.seat('A2')])).status,
    201,
  );
  await t.settled(); // the confirmation's sender reads the order too
  t.statements.count = 0;
  assert.equal((await t.get('/api/my-tickets/', customer.token)).status, 200);
  assert.equal(t.statements.count, 2);
});
