// What one account can do a thousand times to a sold-out show's waitlist (onsale/limits.ts): after
// the first join, each change of seats, leave or join again is counted, 10 per show in 10 minutes;
// past that a 429 with Retry-After that writes nothing. Joining again for the same seats is never
// counted nor refused.
import assert from 'node:assert/strict';
import { logWrites } from '../../onsale/limits.testing.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';

const TOO_MANY_WAITLIST_CHANGES =
  'Too many changes to your place on this waitlist. Please wait 10 minutes and try again.';

/** A show of two seats, both booked by another customer. */
async function soldOut(t: BookingTestApp) {
  const { show, customer } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  assert.equal(
    (await t.holdAndPay(customer, show.id, [show.seat('A1'), show.seat('A2')])).status,
    201,
  );
  return show;
}

async function call(
  t: BookingTestApp,
  method: 'POST' | 'DELETE',
  showId: number,
  who: Account,
  seats?: number,
) {
  const res = await t.request(method, `/api/onsale/${showId}/waitlist/`, {
    token: who.token,
    ...(seats === undefined ? {} : { body: { seats } }),
  });
  const body = res.status === 204 ? null : await res.json();
  return { status: res.status, body, retryAfter: res.headers.get('Retry-After') };
}

async function entryOf(t: BookingTestApp, showId: number, who: Account) {
  const [row] = await t.db.query`
    SELECT * FROM waitlist WHERE show_id = ${showId} AND user_id = ${who.id}`;
  return row;
}

Deno.test('joining, changing seats and leaving a waitlist: 10 changes in 10 minutes, then 429 and nothing written', async () => {
  await using t = await createBookingTestApp();
  const show = await soldOut(t);
  const [bea, carl] = await t.customers(2, 'fan');
  assert.ok(bea && carl);
  await using writes = await logWrites(t.db, 'waitlist');

  // Join for 2 (not counted); change to 1, leave, join for 2 again, three times over; change to
  // 1: ten changes.
  assert.equal((await call(t, 'POST', show.id, bea, 2)).body.state, 'waiting');
  t.clock.advance(1000);
  for (let round = 0; round < 3; round++) {
    assert.equal((await call(t, 'POST', show.id, bea, 1)).body.seats, 1);
    t.clock.advance(1000);
    assert.equal((await call(t, 'DELETE', show.id, bea)).status, 204);
    t.clock.advance(1000);
    assert.equal((await call(t, 'POST', show.id, bea, 2)).body.state, 'waiting');
    t.clock.advance(1000);
  }
  assert.equal((await call(t, 'POST', show.id, bea, 1)).body.seats, 1);
  t.clock.advance(1000);
  const changes = await writes.count(bea.id);
  const before = await entryOf(t, show.id, bea);

  // Joining again for the same seats keeps the entry: answered, never counted nor refused.
  for (let i = 0; i < 20; i++) {
    const same = await call(t, 'POST', show.id, bea, 1);
    assert.equal(same.status, 200, `join again ${i + 1}`);
    assert.equal(same.body.place, 1);
  }

  for (const refused of [
    await call(t, 'POST', show.id, bea, 3),
    await call(t, 'DELETE', show.id, bea),
  ]) {
    assert.equal(refused.status, 429);
    assert.equal(refused.retryAfter, String(10 * 60 - 10));
    assert.deepEqual(refused.body, {
      detail: TOO_MANY_WAITLIST_CHANGES,
      error: TOO_MANY_WAITLIST_CHANGES,
      code: 'too_many_requests',
    });
  }
  assert.deepEqual(await entryOf(t, show.id, bea), before, 'the entry is unchanged');
  assert.equal(await writes.count(bea.id), changes, 'nothing written since');

  // Another account is not affected.
  assert.equal((await call(t, 'POST', show.id, carl, 1)).body.place, 2);

  // Once the first change leaves the window, Bea may change her entry again.
  t.clock.advance(10 * 60_000 - 10_000);
  const later = await call(t, 'POST', show.id, bea, 3);
  assert.equal(later.status, 200);
  assert.equal(later.body.seats, 3);
});

Deno.test('20 waitlist joins and leaves of one account at once never pass the limit together', async () => {
  await using t = await createBookingTestApp();
  const show = await soldOut(t);
  const [bea] = await t.customers(1, 'fan');
  assert.ok(bea);
  await using writes = await logWrites(t.db, 'waitlist');
  for (let i = 0; i < 6; i++) {
    assert.equal((await call(t, 'POST', show.id, bea, (i % 2) + 1)).status, 200);
    t.clock.advance(1000);
  } // the first join, then five changes of seats: five left in the window
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 3 === 2 ? call(t, 'DELETE', show.id, bea) : call(t, 'POST', show.id, bea, (i % 10) + 1),
    ),
  );
  const statuses = answers.map((a) => a.status);
  assert.ok(
    statuses.every((s) => s === 200 || s === 204 || s === 429),
    statuses.join(','),
  );
  assert.ok(statuses.includes(429), statuses.join(','));
  // Six writes so far; each change since makes at most two (joining back after leaving: see
  // onsale/waitlist-sql.ts joinWaitlist), and five are left in the window.
  assert.ok((await writes.count(bea.id)) <= 6 + 2 * 5, `${await writes.count(bea.id)} writes`);
});
