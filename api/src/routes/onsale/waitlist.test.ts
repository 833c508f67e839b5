import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;

async function soldOut() {
  const t = await createBookingTestApp();
  const { show, customer: ana, owner } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const [bea, carl, dan] = await t.customers(3);
  assert.ok(bea && carl && dan);
  const waitlist = async (method: string, who: { token: string }, body?: unknown) => {
    const res = await t.request(method, `/api/onsale/${show.id}/waitlist/`, {
      token: who.token,
      ...(body === undefined ? {} : { body }),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  return { t, show, ana, owner, bea, carl, dan, waitlist };
}

Deno.test('a freed seat is offered to the first entry it fits, as a hold; unpaid, it passes to the next', async () => {
  const { t, show, ana, owner, bea, carl, dan, waitlist } = await soldOut();
  await using _ = t;
  const early = await waitlist('POST', bea, { seats: 2 });
  assert.equal(early.status, 409);
  assert.equal(early.body.code, 'not_sold_out');
  assert.equal((await t.holdAndPay(ana, show.id, [show.seat('A1'), show.seat('A2')])).status, 201);

  assert.equal((await waitlist('POST', bea, { seats: 2 })).body.place, 1);
  t.clock.advance(1000);
  assert.equal((await waitlist('POST', carl, { seats: 1 })).body.place, 2);
  t.clock.advance(1000);
  assert.equal((await waitlist('POST', dan, { seats: 1 })).body.place, 3);
  const sale = await (await t.get(`/api/onsale/${show.id}/`, owner.token)).json();
  assert.equal(sale.waitlist_length, 3);

  // Ana cancels one ticket: one seat is free, too few for Bea, so Carl is offered it.
  const [booking] = await t.db.query<{ id: number }>`
    SELECT id FROM bookings WHERE seat_id = ${show.seat('A2')}`;
  assert.ok(booking);
  const cancelled = await t.request('PATCH', `/api/bookings/${booking.id}/cancel/`, {
    token: ana.token,
  });
  assert.equal(cancelled.status, 200);
  // Offered by the cancellation itself, before anyone polls.
  assert.deepEqual(await t.seatsOf(carl, show.id), { booked: 0, held: 1 });
  t.clock.advance(1000);
  const offer = await waitlist('GET', carl);
  assert.equal(offer.body.state, 'offered');
  const until = new Date(t.clock().getTime() - 1000 + 10 * MINUTE).toISOString();
  assert.equal(offer.body.offer_expires_at, until);
  assert.deepEqual(await t.seatsOf(carl, show.id), { booked: 0, held: 1 });
  await t.settled();
  const [email] = t.mail.to(carl.email);
  assert.ok(email, 'the offer is emailed');
  assert.match(email.subject, /are held for you until/);
  assert.match(email.text, /seats A2 are held in your name/);
  assert.equal((await waitlist('GET', bea)).body.place, 1);
  assert.equal((await waitlist('GET', dan)).body.place, 2);

  // Carl does not pay in time: the seat passes to Dan, who pays for it.
  t.clock.advance(10 * MINUTE);
  const next = await waitlist('GET', dan);
  assert.equal(next.body.state, 'offered');
  assert.equal((await waitlist('GET', carl)).body.state, 'passed');
  const paid = await t.post(`/api/holds/${next.body.hold_id}/confirm/`, undefined, dan.token, {
    'Idempotency-Key': crypto.randomUUID(),
  });
  assert.equal(paid.status, 201);
  t.clock.advance(1000);
  assert.equal((await waitlist('GET', dan)).body.state, 'claimed');
  assert.deepEqual(await t.liveBookings(show.id), [
    { seat_id: show.seat('A1'), user_id: ana.id },
    { seat_id: show.seat('A2'), user_id: dan.id },
  ]);
  const after = await (await t.get(`/api/onsale/${show.id}/`, owner.token)).json();
  assert.equal(after.waitlist_length, 1);
});

Deno.test('a waitlist entry is one per account, for 1 to 10 seats, and can be left', async () => {
  const { t, show, ana, bea, carl, waitlist } = await soldOut();
  await using _ = t;
  assert.equal((await t.holdAndPay(ana, show.id, [show.seat('A1'), show.seat('A2')])).status, 201);
  assert.equal((await waitlist('POST', bea, { seats: 0 })).status, 400);
  assert.equal((await waitlist('POST', bea, { seats: 11 })).status, 400);
  assert.equal((await waitlist('POST', bea, { seats: 2 })).body.place, 1);
  assert.equal((await waitlist('POST', carl, { seats: 1 })).body.place, 2);
  // Joining again changes the number of seats, not the place.
  const again = await waitlist('POST', bea, { seats: 1 });
  assert.deepEqual([again.body.place, again.body.seats], [1, 1]);
  assert.equal((await waitlist('DELETE', bea)).status, 204);
  assert.equal((await waitlist('GET', bea)).body.state, 'left');
  assert.equal((await waitlist('GET', carl)).body.place, 1);
  const [stranger] = await t.customers(1, 'stranger');
  assert.ok(stranger);
  const none = await waitlist('GET', stranger);
  assert.equal(none.status, 404);
  assert.equal(none.body.code, 'not_on_waitlist');
});
