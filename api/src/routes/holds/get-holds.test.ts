import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('a customer finds their active hold on a show, so a second tab can continue it', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, movie, theater } = await t.scenario();
  const other = await t.show(movie, theater, {
    startsAt: new Date(t.clock().getTime() + 2 * 86_400_000),
  });
  assert.deepEqual(await (await t.get(`/api/holds/?show=${show.id}`, customer.token)).json(), []);

  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D7')] }, customer.token)
  ).json();
  await t.post('/api/holds/', { show_id: other.id, seat_ids: [other.seat('A1')] }, customer.token);

  const res = await t.get(`/api/holds/?show=${show.id}`, customer.token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), [placed]);
  // Without ?show, every active hold of the customer.
  assert.equal((await (await t.get('/api/holds/', customer.token)).json()).length, 2);
});

Deno.test('replaced, released, paid and expired holds are not listed', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const hold = async (label: string) =>
    await (
      await t.post(
        '/api/holds/',
        { show_id: show.id, seat_ids: [show.seat(label)] },
        customer.token,
      )
    ).json();
  const list = async () =>
    (await (await t.get(`/api/holds/?show=${show.id}`, customer.token)).json()).map(
      (h: { id: number }) => h.id,
    );

  const first = await hold('D7');
  const second = await hold('D8'); // replaces the first
  assert.deepEqual(await list(), [second.id]);
  assert.equal(first.id !== second.id, true);

  await t.request('DELETE', `/api/holds/${second.id}/`, { token: customer.token });
  assert.deepEqual(await list(), []);

  const third = await hold('D9');
  await t.post(`/api/holds/${third.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'k',
  });
  assert.deepEqual(await list(), []);

  const fourth = await hold('E1');
  assert.deepEqual(await list(), [fourth.id]);
  t.clock.advance(10 * 60_000);
  assert.deepEqual(await list(), []);
});

Deno.test('nobody sees another customer’s holds; a malformed show is a 400, no token a 401', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D7')] }, customer.token);
  for (const who of [bea, owner]) {
    const res = await t.get(`/api/holds/?show=${show.id}`, who.token);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), []);
  }
  const bad = await t.get('/api/holds/?show=x1', customer.token);
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).fields.show, 'Invalid show id.');
  assert.equal((await t.get(`/api/holds/?show=${show.id}`)).status, 401);
});

Deno.test('an expired hold read by id names its show, so the customer can pick seats again', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const placed = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D7')] }, customer.token)
  ).json();
  t.clock.advance(10 * 60_000);
  const res = await t.get(`/api/holds/${placed.id}/`, customer.token);
  assert.equal(res.status, 410);
  assert.equal((await res.json()).show_id, show.id);
});
