import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('a customer reads their hold while it is active, paid or released', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D7')] }, customer.token)
  ).json();
  const read = await t.get(`/api/holds/${placed.id}/`, customer.token);
  assert.equal(read.status, 200);
  assert.deepEqual(await read.json(), placed);

  await t.post(`/api/holds/${placed.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'k',
  });
  assert.equal(
    (await (await t.get(`/api/holds/${placed.id}`, customer.token)).json()).status,
    'confirmed',
  );

  const other = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D8')] }, customer.token)
  ).json();
  await t.request('DELETE', `/api/holds/${other.id}/`, { token: customer.token });
  const released = await (await t.get(`/api/holds/${other.id}/`, customer.token)).json();
  assert.deepEqual([released.status, released.seats[0].label], ['released', 'D8']);
});

Deno.test('an expired hold reads as 410 hold_expired', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D7')] }, customer.token)
  ).json();
  t.clock.advance(10 * 60_000);
  const res = await t.get(`/api/holds/${placed.id}/`, customer.token);
  assert.equal(res.status, 410);
  assert.deepEqual(await res.json(), {
    detail: 'Your seat hold has expired. Please select your seats again.',
    error: 'Your seat hold has expired. Please select your seats again.',
    code: 'hold_expired',
    show_id: show.id,
  });
});

Deno.test('someone else’s hold or an unknown one is a 404, a malformed id a 400', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D7')] }, customer.token)
  ).json();
  for (const who of [bea, owner]) {
    const res = await t.get(`/api/holds/${placed.id}/`, who.token);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).detail, 'Seat hold not found.');
  }
  assert.equal((await t.get('/api/holds/5555/', customer.token)).status, 404);
  assert.equal((await t.get('/api/holds/x1/', customer.token)).status, 400);
  assert.equal((await t.get(`/api/holds/${placed.id}/`)).status, 401);
});
