import assert from 'node:assert/strict';
import { TEST_PASSWORD } from '../../testing/accounts.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { byLabel, type Seat } from './get-show-seats.testing.ts';

Deno.test('the seat map lists every seat row by row with its status for the caller', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario({ rows: 3, seatsPerRow: 4 });
  const [bea, carl] = await t.customers(2);
  assert.ok(bea && carl);
  const s = show.seat;
  assert.equal((await t.holdAndPay(customer, show.id, [s('A1')])).status, 201);
  assert.equal((await t.holdAndPay(bea, show.id, [s('A2')])).status, 201);
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('B1')] }, customer.token)).status,
    201,
  );
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('B2')] }, carl.token)).status,
    201,
  );

  const res = await t.get(`/api/shows/${show.id}/seats/`, customer.token);
  assert.equal(res.status, 200);
  const seats: Seat[] = await res.json();
  assert.deepEqual(
    seats.map((seat) => seat.label),
    ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4'],
  );
  const map = byLabel(seats);
  assert.deepEqual(map.A1, {
    id: s('A1'),
    row: 'A',
    column: 1,
    label: 'A1',
    row_pos: 1,
    x: 1,
    kind: 'seat',
    category: 'Standard',
    price: 100,
    partner_x: null,
    status: 'mine',
    is_booked: true,
    booked_by: null,
  });
  assert.deepEqual(map.A2, {
    id: s('A2'),
    row: 'A',
    column: 2,
    label: 'A2',
    row_pos: 1,
    x: 2,
    kind: 'seat',
    category: 'Standard',
    price: 100,
    partner_x: null,
    status: 'booked',
    is_booked: true,
    booked_by: null,
  });
  assert.deepEqual(
    [map.B1?.status, map.B1?.is_booked, map.B2?.status, map.B2?.is_booked],
    ['my_hold', false, 'held', false],
  );
  assert.deepEqual(map.C4, {
    id: s('C4'),
    row: 'C',
    column: 4,
    label: 'C4',
    row_pos: 3,
    x: 4,
    kind: 'seat',
    category: 'Standard',
    price: 100,
    partner_x: null,
    status: 'available',
    is_booked: false,
    booked_by: null,
  });

  // Bea sees her own ticket as 'mine' and Ana's as 'booked'; holds expire after 10 minutes.
  t.clock.advance(10 * 60_000);
  const bea_ = byLabel(await (await t.get(`/api/shows/${show.id}/seats/`, bea?.token)).json());
  assert.deepEqual(
    ['A1', 'A2', 'B1', 'B2'].map((l) => bea_[l]?.status),
    ['booked', 'mine', 'available', 'available'],
  );
});

Deno.test('a customer never sees who booked a seat; the theater owner and an admin do', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const [bea] = await t.customers(1, 'bea');
  const admin = await t.account('root', 'admin');
  const otherOwner = await t.account('owner2', 'owner');
  assert.ok(bea);
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  assert.equal((await t.holdAndPay(bea, show.id, [show.seat('A2')])).status, 201);

  const bookers = async (token: string) => {
    const res = await t.get(`/api/shows/${show.id}/seats/`, token);
    assert.equal(res.status, 200);
    const text = await res.text();
    const map = byLabel(JSON.parse(text));
    return { a1: map.A1?.booked_by, a2: map.A2?.booked_by, text };
  };
  // Another owner does not see this show's seat map at all.
  assert.equal((await t.get(`/api/shows/${show.id}/seats/`, otherOwner.token)).status, 404);
  for (const viewer of [customer, bea]) {
    const seen = await bookers(viewer.token);
    assert.deepEqual([seen.a1, seen.a2], [null, null], viewer.username);
    // Not anywhere in the response either.
    assert.ok(!seen.text.includes('"ana"') && !seen.text.includes('bea1'), viewer.username);
  }
  for (const viewer of [owner, admin]) {
    const seen = await bookers(viewer.token);
    assert.deepEqual([seen.a1, seen.a2], ['ana', 'bea1'], viewer.username);
  }
});

Deno.test('a cancelled ticket leaves its seat available on the map', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const paid = await (await t.holdAndPay(customer, show.id, [show.seat('C3')])).json();
  const cancel = await t.request('PATCH', `/api/bookings/${paid.tickets[0].id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancel.status, 200);
  const map = byLabel(await (await t.get(`/api/shows/${show.id}/seats/`, owner.token)).json());
  assert.deepEqual(
    [map.C3?.status, map.C3?.is_booked, map.C3?.booked_by],
    ['available', false, null],
  );
});

Deno.test('the seat map is one SQL statement, the signed-in user read inside it', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  t.statements.count = 0;
  assert.equal((await t.get(`/api/shows/${show.id}/seats/`, customer.token)).status, 200);
  assert.equal(t.statements.count, 1);
});

Deno.test('the seat map refuses a valid token whose user was deleted, and a changed role counts', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  assert.equal((await t.holdAndPay(bea, show.id, [show.seat('A1')])).status, 201);
  // Promoted to admin: sees who booked at once, though the token still says 'user'.
  await t.db.query`UPDATE users SET role = 'admin' WHERE id = ${customer.id}`;
  const seats = await (await t.get(`/api/shows/${show.id}/seats/`, customer.token)).json();
  assert.equal(seats[0].booked_by, 'customer1');
  await t.db.query`DELETE FROM users WHERE id = ${customer.id}`;
  const res = await t.get(`/api/shows/${show.id}/seats/`, customer.token);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), {
    detail: 'Invalid or expired token.',
    error: 'Invalid or expired token.',
    code: 'token_not_valid',
  });
  assert.equal((await t.get(`/api/shows/${show.id}/seats/`, 'not.a.token')).status, 401);
});

Deno.test('the seat map of an unknown show is a 404, of a malformed id a 400', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const missing = await t.get('/api/shows/777/seats/', customer.token);
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).detail, 'Show not found.');
  const bad = await t.get('/api/shows/seven/seats/', customer.token);
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).detail, 'Invalid id.');
  assert.equal((await t.get('/api/shows/777/seats/')).status, 401);
});

Deno.test('another owner’s seat map is a 404 for an owner', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario({ rows: 2, seatsPerRow: 2 });
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  const oscar = await t.account('oscar', 'owner');
  const res = await t.get(`/api/shows/${show.id}/seats/`, oscar.token);
  assert.equal(res.status, 404);
  assert.equal((await res.json()).detail, 'Show not found.');
  const mine: Seat[] = await (await t.get(`/api/shows/${show.id}/seats/`, owner.token)).json();
  assert.equal(byLabel(mine).A1?.booked_by, 'ana');
});

Deno.test('the seat map refuses the access token of a login that logged out, not the user’s other login', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario({ rows: 2, seatsPerRow: 2 });
  const login = async () => {
    const res = await t.post('/api/login/', {
      email_or_username: customer.username,
      password: TEST_PASSWORD,
    });
    assert.equal(res.status, 200);
    return (await res.json()) as { access: string; refresh: string };
  };
  const phone = await login();
  const laptop = await login();
  const map = `/api/shows/${show.id}/seats/`;
  assert.equal((await t.get(map, phone.access)).status, 200);

  assert.equal((await t.post('/api/logout/', { refresh: phone.refresh })).status, 204);
  const res = await t.get(map, phone.access);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), {
    detail: 'Invalid or expired token.',
    error: 'Invalid or expired token.',
    code: 'token_not_valid',
  });
  assert.equal((await t.get(map, laptop.access)).status, 200);
  assert.equal((await t.get(map, customer.token)).status, 200);
  // Still one statement with the session checked inside it.
  t.statements.count = 0;
  assert.equal((await t.get(map, laptop.access)).status, 200);
  assert.equal(t.statements.count, 1);
});
