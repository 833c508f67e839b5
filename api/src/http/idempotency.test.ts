import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';

Deno.test('an Idempotency-Key with control characters, blank or too long is a 400, nothing booked', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  const { id } = await held.json();
  for (const key of ['abc\u0001def', '\u007fkey', 'k\u0085', ' ', 'k'.repeat(201)]) {
    const res = await t.post(`/api/holds/${id}/confirm/`, undefined, customer.token, {
      'Idempotency-Key': key,
    });
    assert.equal(res.status, 400, JSON.stringify(key));
    assert.equal((await res.json()).code, 'idempotency_key_invalid', JSON.stringify(key));
  }
  assert.deepEqual(await t.liveBookings(show.id), []);
  const ok = await t.post(`/api/holds/${id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': crypto.randomUUID(),
  });
  assert.equal(ok.status, 201);
});
