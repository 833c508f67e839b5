import assert from 'node:assert/strict';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';

const cancel = (t: BookingTestApp, who: Account | null, id: number | string, body?: unknown) =>
  t.request('PATCH', `/api/bookings/${id}/cancel/`, {
    ...(who ? { token: who.token } : {}),
    ...(body === undefined ? {} : { body }),
  });

async function ticketOf(t: BookingTestApp, who: Account, showId: number, seatId: number) {
  const res = await t.holdAndPay(who, showId, [seatId]);
  assert.equal(res.status, 201);
  return (await res.json()).tickets[0];
}

Deno.test('a customer cancels their ticket and the seat is free for someone else at once', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const ticket = await ticketOf(t, customer, show.id, show.seat('E1'));
  t.clock.advance(60_000);
  // The spec's client puts its access token where the body would be: it is ignored.
  const res = await cancel(t, customer, ticket.id, customer.token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ...ticket, is_cancelled: true, can_cancel: false });
  const [row] = await t.db.query`
    SELECT is_cancelled, cancelled_at FROM bookings WHERE id = ${ticket.id}`;
  assert.deepEqual(row, { is_cancelled: true, cancelled_at: t.clock() });

  const seats = await (await t.get(`/api/shows/${show.id}/seats/`, bea.token)).json();
  assert.equal(seats.find((s: { id: number }) => s.id === show.seat('E1')).status, 'available');
  assert.equal((await t.holdAndPay(bea, show.id, [show.seat('E1')])).status, 201);
  assert.deepEqual(await t.liveBookings(show.id), [{ seat_id: show.seat('E1'), user_id: bea.id }]);
});

Deno.test('a ticket is cancelled once: again is a 409', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const ticket = await ticketOf(t, customer, show.id, show.seat('E1'));
  assert.equal((await cancel(t, customer, ticket.id)).status, 200);
  const res = await cancel(t, customer, ticket.id);
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    detail: 'This ticket is already cancelled.',
    error: 'This ticket is already cancelled.',
    code: 'ticket_cancelled',
  });
});

Deno.test('a ticket cannot be cancelled once the show has started', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const ticket = await ticketOf(t, customer, show.id, show.seat('E1'));
  t.clock.set(show.startsAt);
  const res = await cancel(t, customer, ticket.id);
  assert.equal(res.status, 409);
  assert.equal((await res.json()).detail, 'This show has already started.');
  const [row] = await t.db.query`SELECT is_cancelled FROM bookings WHERE id = ${ticket.id}`;
  assert.deepEqual(row, { is_cancelled: false });
});

Deno.test('another customer’s ticket cannot be cancelled (404); owners and admins get 403', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, show } = await t.scenario();
  const [bea] = await t.customers(1);
  const admin = await t.account('root', 'admin');
  assert.ok(bea);
  const ticket = await ticketOf(t, customer, show.id, show.seat('E1'));
  const res = await cancel(t, bea, ticket.id);
  assert.equal(res.status, 404);
  assert.equal((await res.json()).detail, 'Ticket not found.');
  assert.equal((await cancel(t, owner, ticket.id)).status, 403);
  assert.equal((await cancel(t, admin, ticket.id)).status, 403);
  assert.equal((await cancel(t, null, ticket.id)).status, 401);
  assert.equal((await cancel(t, customer, 99999)).status, 404);
  assert.equal((await cancel(t, customer, 'first')).status, 400);
  assert.equal((await t.liveBookings(show.id)).length, 1);
});
