import assert from 'node:assert/strict';
import { codeOfScan, parsePass, verifyPass } from '../../../../packages/contract/src/index.js';
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
    ends_at: '2026-03-05T16:30:00.000Z',
    // The hold it was paid through: the tickets bought together share it (one order).
    order_id: (
      await t.db.query<{ hold_id: number }>`
        SELECT hold_id FROM bookings WHERE id = ${paid.tickets[0].id}`
    )[0]?.hold_id,
    is_cancelled: true,
    total_price: 100,
    can_cancel: false,
    code: paid.tickets[0].code,
    checked_in_at: null,
    // A cancelled ticket has no pass to show.
    pass: null,
  });
  assert.deepEqual(
    tickets.map((x: { can_cancel: boolean }) => x.can_cancel),
    [false, true, true],
  );
  // A1 and A2 were one order: one order id, not the later order's.
  const [, a1, a2] = tickets;
  assert.equal(typeof a1.order_id, 'number');
  assert.equal(a1.order_id, a2.order_id);
  assert.notEqual(a1.order_id, tickets[0].order_id);
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

Deno.test('my tickets is two SQL statements after authentication: the tickets, their owners’ keys', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  assert.equal(
    (await t.holdAndPay(customer, show.id, [show.seat('A1'), show.seat('A2')])).status,
    201,
  );
  await t.settled(); // the confirmation's sender reads the order too
  t.statements.count = 0;
  assert.equal((await t.get('/api/my-tickets/', customer.token)).status, 200);
  // The signing key, made for the confirmation's passes, is read by kid once per instance.
  assert.equal(t.statements.count, 3);
});

Deno.test('each live ticket carries a pass signed by its show’s owner, checked with that owner’s public keys', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, movie, theater } = await t.scenario();
  // A second owner: its show's tickets are signed with its own key.
  const other = await t.account('oscar', 'owner');
  const otherTheater = await t.theater(other, { name: 'Other Screens', location: 'Goa' });
  const otherMovie = await t.movie(otherTheater, { title: 'Elsewhere' });
  const otherShow = await t.show(otherMovie, otherTheater, {
    startsAt: new Date(show.startsAt.getTime() + 86_400_000),
  });
  void movie;
  void theater;
  assert.equal(
    (await t.holdAndPay(customer, show.id, [show.seat('B3'), show.seat('A1')])).status,
    201,
  );
  assert.equal((await t.holdAndPay(customer, otherShow.id, [otherShow.seat('C2')])).status, 201);

  const tickets = await (await t.get('/api/my-tickets/', customer.token)).json();
  assert.equal(tickets.length, 3);
  const ownKeys = await (await t.get('/api/tickets/signing-keys/', owner.token)).json();
  const otherKeys = await (await t.get('/api/tickets/signing-keys/', other.token)).json();
  assert.equal(ownKeys.results.length, 1);
  assert.equal(otherKeys.results.length, 1);
  for (const ticket of tickets) {
    const keys = ticket.show_id === show.id ? ownKeys.results : otherKeys.results;
    const wrong = ticket.show_id === show.id ? otherKeys.results : ownKeys.results;
    const verdict = await verifyPass(ticket.pass, keys);
    assert.ok(verdict.ok, ticket.pass);
    assert.deepEqual(
      verdict.ok && {
        showId: verdict.pass.showId,
        seatLabel: verdict.pass.seatLabel,
        code: verdict.pass.code,
      },
      {
        showId: ticket.show_id,
        seatLabel: `${ticket.seat.row}${ticket.seat.column}`,
        code: ticket.code,
      },
    );
    assert.equal(codeOfScan(ticket.pass), ticket.code);
    // Another owner's keys do not vouch for it.
    assert.equal((await verifyPass(ticket.pass, wrong)).ok, false);
  }
  // The same passes on every read (Ed25519 is deterministic), one key per owner.
  const again = await (await t.get('/api/my-tickets/', customer.token)).json();
  assert.deepEqual(
    again.map((x: { pass: string }) => x.pass),
    tickets.map((x: { pass: string }) => x.pass),
  );
  const keyRows = await t.db.query<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ticket_signing_keys`;
  assert.equal(keyRows[0]?.n, 2);

  // After a rotation, passes carry the new kid; the old ones still verify with the listed keys.
  const [active] = (await (await t.get('/api/tickets/signing-keys/', owner.token)).json()).results;
  const rotated = await t.post(
    '/api/tickets/signing-keys/rotate/',
    { retire: active.kid },
    owner.token,
  );
  assert.equal(rotated.status, 201);
  const { key } = await rotated.json();
  const after = await (await t.get('/api/my-tickets/', customer.token)).json();
  const keysNow = (await (await t.get('/api/tickets/signing-keys/', owner.token)).json()).results;
  for (const ticket of after.filter((x: { show_id: number }) => x.show_id === show.id)) {
    assert.equal(parsePass(ticket.pass)?.kid, key.kid);
    assert.ok((await verifyPass(ticket.pass, keysNow)).ok);
  }
  for (const ticket of tickets.filter((x: { show_id: number }) => x.show_id === show.id)) {
    assert.ok((await verifyPass(ticket.pass, keysNow)).ok, 'a pass signed before still verifies');
  }
});
