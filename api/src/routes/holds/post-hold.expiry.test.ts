// No hoarding (api/README.md, "Limits per customer"): a hold's 10 minutes run from when it was
// first placed; re-posting, replacing or releasing and holding again never starts them anew.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('a hold’s expiry is fixed when first placed: re-posting or replacing never extends it', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const s = show.seat;
  const deadline = new Date(t.clock().getTime() + 10 * 60_000).toISOString();
  const hold = async (labels: string[]) => {
    const res = await t.post(
      '/api/holds/',
      { show_id: show.id, seat_ids: labels.map(s) },
      customer.token,
    );
    assert.equal(res.status, 201);
    return await res.json();
  };
  const first = await hold(['A1', 'A2']);
  assert.equal(first.expires_at, deadline);

  t.clock.advance(5 * 60_000);
  assert.equal((await hold(['A1', 'A2'])).expires_at, deadline, 'the same seats posted again');
  t.clock.advance(3 * 60_000);
  const other = await hold(['B1', 'B2', 'B3']);
  assert.equal(other.expires_at, deadline, 'other seats replacing the hold');
  // Letting go and holding again does not start a new 10 minutes either.
  t.clock.advance(60_000);
  const released = await t.request('DELETE', `/api/holds/${other.id}/`, { token: customer.token });
  assert.equal(released.status, 204);
  const again = await hold(['A1', 'A2']);
  assert.equal(again.expires_at, deadline, 'released and held again');
  const [seat] = await t.db.query<{ held_until: Date }>`
    SELECT held_until FROM seats WHERE id = ${s('A1')}`;
  assert.equal(seat?.held_until.toISOString(), deadline);

  // At the deadline the seats are free for anyone.
  t.clock.set(new Date(deadline));
  const beas = await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1')] }, bea.token);
  assert.equal(beas.status, 201);
});

Deno.test('seats the customer held until a moment ago rest for 10 minutes before they can hold them again', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const s = show.seat;
  const start = t.clock().getTime();
  const post = (labels: string[]) =>
    t.post('/api/holds/', { show_id: show.id, seat_ids: labels.map(s) }, customer.token);
  const first = await (await post(['A1', 'A2'])).json();

  // Released a moment before the deadline and posted again a moment after: no fresh 10 minutes.
  t.clock.set(new Date(start + 10 * 60_000 - 1000));
  assert.equal(
    (await t.request('DELETE', `/api/holds/${first.id}/`, { token: customer.token })).status,
    204,
  );
  t.clock.set(new Date(start + 10 * 60_000 + 1000));
  const refused = await post(['A2', 'A3']);
  assert.equal(refused.status, 409);
  assert.deepEqual(await refused.json(), {
    detail:
      'You held A2 until a moment ago. To give others a chance you can hold it again in 10 minutes; please choose other seats meanwhile.',
    error:
      'You held A2 until a moment ago. To give others a chance you can hold it again in 10 minutes; please choose other seats meanwhile.',
    code: 'seats_recently_held',
    seats: ['A2'],
    retry_after: 598,
  });
  assert.equal(await t.activeHolds(customer), 0);

  // Other seats start a new 10 minutes.
  const fresh = await post(['B1']);
  assert.equal(fresh.status, 201);
  assert.equal((await fresh.json()).expires_at, new Date(start + 20 * 60_000 + 1000).toISOString());
  // A lapsed hold rests the same way.
  t.clock.set(new Date(start + 20 * 60_000 + 1000));
  assert.equal((await post(['B1'])).status, 409);
  assert.equal((await post(['A1', 'A2'])).status, 201, 'A1 and A2 rested long enough');
});

Deno.test('paying ends a hold’s run: the next hold on the show gets its own 10 minutes', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const s = show.seat;
  const held = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1'), s('A2')] }, customer.token)
  ).json();
  t.clock.advance(3 * 60_000);
  const replaced = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A3')] }, customer.token)
  ).json();
  assert.equal(replaced.expires_at, held.expires_at);
  const paid = await t.post(`/api/holds/${replaced.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'pay-a3',
  });
  assert.equal(paid.status, 201);
  t.clock.advance(60_000);
  const next = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A1'), s('A2')] },
    customer.token,
  );
  assert.equal(next.status, 201);
  assert.equal(
    (await next.json()).expires_at,
    new Date(t.clock().getTime() + 10 * 60_000).toISOString(),
  );
});
