import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('Back releases the hold: its seats are free for anyone at once', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const body = { show_id: show.id, seat_ids: [show.seat('A5'), show.seat('A6')] };
  const placed = await (await t.post('/api/holds/', body, customer.token)).json();
  const res = await t.request('DELETE', `/api/holds/${placed.id}/`, { token: customer.token });
  assert.equal(res.status, 204);
  assert.equal(await res.text(), '');
  const [row] = await t.db.query`SELECT released_at FROM holds WHERE id = ${placed.id}`;
  assert.deepEqual(row, { released_at: t.clock() });
  assert.deepEqual(await t.db.query`SELECT id FROM seats WHERE hold_id IS NOT NULL`, []);
  assert.equal((await t.post('/api/holds/', body, bea.token)).status, 201);
});

Deno.test('releasing twice, or an expired hold, is still 204', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A5')] }, customer.token)
  ).json();
  const release = () => t.request('DELETE', `/api/holds/${placed.id}`, { token: customer.token });
  assert.equal((await release()).status, 204);
  assert.equal((await release()).status, 204);
  const other = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A6')] }, customer.token)
  ).json();
  t.clock.advance(15 * 60_000);
  assert.equal(
    (await t.request('DELETE', `/api/holds/${other.id}/`, { token: customer.token })).status,
    204,
  );
});

Deno.test('a paid hold cannot be released, and the tickets stay', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A5')] }, customer.token)
  ).json();
  await t.post(`/api/holds/${placed.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'k',
  });
  const res = await t.request('DELETE', `/api/holds/${placed.id}/`, { token: customer.token });
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    detail: 'This hold has already been paid for.',
    error: 'This hold has already been paid for.',
    code: 'hold_confirmed',
  });
  assert.equal((await t.liveBookings(show.id)).length, 1);
});

Deno.test('someone else’s hold cannot be released (404) and keeps its seats', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A5')] }, customer.token)
  ).json();
  const res = await t.request('DELETE', `/api/holds/${placed.id}/`, { token: bea.token });
  assert.equal(res.status, 404);
  const [row] = await t.db.query`SELECT hold_id FROM seats WHERE id = ${show.seat('A5')}`;
  assert.deepEqual(row, { hold_id: placed.id });
  assert.equal((await t.request('DELETE', '/api/holds/abc/', { token: bea.token })).status, 400);
  assert.equal((await t.request('DELETE', `/api/holds/${placed.id}/`)).status, 401);
});
