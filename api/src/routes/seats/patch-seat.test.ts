import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('marking a seat booked is a no-op 200 for the customer who booked it', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('G3')])).status, 201);
  const res = await t.request('PATCH', `/api/seats/${show.seat('G3')}/`, {
    token: customer.token,
    body: { is_booked: true },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    id: show.seat('G3'),
    row: 'G',
    column: 3,
    label: 'G3',
    row_pos: 7,
    x: 3,
    kind: 'seat',
    category: 'Standard',
    price: 100,
    partner_x: null,
    status: 'mine',
    is_booked: true,
    booked_by: null,
  });
  assert.equal((await t.liveBookings(show.id)).length, 1);
});

Deno.test('a seat is never marked booked without a booking of the caller (409)', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  assert.equal((await t.holdAndPay(bea, show.id, [show.seat('G4')])).status, 201);
  for (const [who, seat] of [
    [customer, show.seat('G3')],
    [customer, show.seat('G4')],
    [owner, show.seat('G4')],
  ] as const) {
    const res = await t.request('PATCH', `/api/seats/${seat}/`, {
      token: who.token,
      body: { is_booked: true },
    });
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), {
      detail: 'Seats are booked through a booking, not directly.',
      error: 'Seats are booked through a booking, not directly.',
      code: 'not_your_booking',
    });
  }
  assert.deepEqual(await t.liveBookings(show.id), [{ seat_id: show.seat('G4'), user_id: bea.id }]);
});

Deno.test('unbooking through the seat, an unknown seat and bad input are refused', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const patch = (path: string, body: unknown) =>
    t.request('PATCH', path, { token: customer.token, body });
  const unbook = await patch(`/api/seats/${show.seat('A1')}/`, { is_booked: false });
  assert.equal(unbook.status, 400);
  assert.equal(
    (await unbook.json()).detail,
    'A seat is freed by cancelling its booking, not directly.',
  );
  const missing = await patch('/api/seats/987654/', { is_booked: true });
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).detail, 'Seat not found.');
  assert.equal((await patch('/api/seats/A1/', { is_booked: true })).status, 400);
  const noFlag = await patch(`/api/seats/${show.seat('A1')}/`, {});
  assert.equal(noFlag.status, 400);
  assert.deepEqual((await noFlag.json()).fields, { is_booked: 'is_booked must be true or false.' });
  assert.equal((await patch(`/api/seats/${show.seat('A1')}/`, { is_booked: 'yes' })).status, 400);
  const anonymous = await t.request('PATCH', `/api/seats/${show.seat('A1')}/`, {
    body: { is_booked: true },
  });
  assert.equal(anonymous.status, 401);
});
