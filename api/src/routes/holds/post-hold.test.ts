import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

interface SeatRow {
  label: string;
  hold_id: number | null;
  held_by: number | null;
  held_until: Date | null;
}

Deno.test('a customer holds free seats for 10 minutes', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const s = show.seat;
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('B3'), s('A1')] },
    customer.token,
  );
  assert.equal(res.status, 201);
  const hold = await res.json();
  const until = new Date(t.clock().getTime() + 10 * 60_000);
  assert.deepEqual(hold, {
    id: hold.id,
    show_id: show.id,
    seats: [
      { id: s('A1'), row: 'A', column: 1, label: 'A1' },
      { id: s('B3'), row: 'B', column: 3, label: 'B3' },
    ],
    expires_at: until.toISOString(),
    total_price: 200,
    status: 'active',
  });
  const rows = await t.db.query<SeatRow>`
    SELECT row_label || col AS label, hold_id, held_by, held_until FROM seats
     WHERE hold_id IS NOT NULL ORDER BY label`;
  assert.deepEqual(rows, [
    { label: 'A1', hold_id: hold.id, held_by: customer.id, held_until: until },
    { label: 'B3', hold_id: hold.id, held_by: customer.id, held_until: until },
  ]);
});

Deno.test('seats booked or held by someone else make the whole hold fail, naming them', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea, carl] = await t.customers(2);
  assert.ok(bea && carl);
  const s = show.seat;
  assert.equal((await t.holdAndPay(bea, show.id, [s('A1')])).status, 201);
  const carlsHold = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A2')] },
    carl.token,
  );
  assert.equal(carlsHold.status, 201);

  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A3'), s('A2'), s('A1')] },
    customer.token,
  );
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    detail: 'Some seats are no longer available: A1, A2',
    error: 'Some seats are no longer available: A1, A2',
    code: 'seats_unavailable',
    seats: ['A1', 'A2'],
  });
  // Nothing was held for Ana, not even the free seat.
  const ana = await t.db.query`SELECT id FROM holds WHERE user_id = ${customer.id}`;
  assert.deepEqual(ana, []);
  const [a3] = await t.db.query<SeatRow>`SELECT hold_id FROM seats WHERE id = ${s('A3')}`;
  assert.equal(a3?.hold_id, null);
});

Deno.test('a newer hold on the same show replaces the customer’s older one', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const s = show.seat;
  const first = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1'), s('A2')] }, customer.token)
  ).json();
  const second = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A2'), s('A3')] },
    customer.token,
  );
  assert.equal(second.status, 201);
  const hold = await second.json();
  assert.deepEqual(
    hold.seats.map((seat: { label: string }) => seat.label),
    ['A2', 'A3'],
  );
  // The older hold is released and A1 is free for anyone.
  assert.equal(
    (await (await t.get(`/api/holds/${first.id}/`, customer.token)).json()).status,
    'released',
  );
  const rows = await t.db.query<{ label: string; hold_id: number | null }>`
    SELECT row_label || col AS label, hold_id FROM seats
     WHERE id IN (${s('A1')}, ${s('A2')}, ${s('A3')}) ORDER BY label`;
  assert.deepEqual(rows, [
    { label: 'A1', hold_id: null },
    { label: 'A2', hold_id: hold.id },
    { label: 'A3', hold_id: hold.id },
  ]);
  const beas = await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1')] }, bea.token);
  assert.equal(beas.status, 201);
});

Deno.test('a re-pick that fails keeps the customer’s older hold', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const s = show.seat;
  const first = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1')] }, customer.token)
  ).json();
  assert.equal((await t.holdAndPay(bea, show.id, [s('A2')])).status, 201);
  const retry = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A2')] },
    customer.token,
  );
  assert.equal(retry.status, 409);
  assert.equal(
    (await (await t.get(`/api/holds/${first.id}/`, customer.token)).json()).status,
    'active',
  );
});

Deno.test('an expired hold frees its seats for someone else', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const body = { show_id: show.id, seat_ids: [show.seat('E5')] };
  assert.equal((await t.post('/api/holds/', body, bea.token)).status, 201);
  t.clock.advance(10 * 60_000 - 1);
  assert.equal((await t.post('/api/holds/', body, customer.token)).status, 409);
  t.clock.advance(1);
  const res = await t.post('/api/holds/', body, customer.token);
  assert.equal(res.status, 201);
});

Deno.test('a hold needs 1 to 10 distinct seats of the show', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, owner, theater } = await t.scenario();
  const ids = Object.values(show.seats);
  const otherMovie = await t.movie(theater, { title: 'Other' });
  const other = await t.show(otherMovie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 4 * 3600_000),
  });
  const cases: [unknown, number, string][] = [
    [{ show_id: show.id, seat_ids: [] }, 400, 'Please select between 1 and 10 tickets'],
    [
      { show_id: show.id, seat_ids: ids.slice(0, 11) },
      400,
      'Please select between 1 and 10 tickets',
    ],
    [{ show_id: show.id, seat_ids: [ids[0], ids[0]] }, 400, 'Each seat can be selected only once.'],
    [{ show_id: show.id, seat_ids: 'A1' }, 400, 'seat_ids must be a list of seat ids.'],
    [{ show_id: show.id }, 400, 'seat_ids must be a list of seat ids.'],
    [{ show_id: show.id, seat_ids: ['x'] }, 400, 'Invalid seat id.'],
    [{ show_id: 'abc', seat_ids: [ids[0]] }, 400, 'Invalid show id.'],
    [{ seat_ids: [ids[0]] }, 400, 'Invalid show id.'],
    [
      { show_id: show.id, seat_ids: [ids[0], other.seat('A1')] },
      400,
      'Some seats do not belong to this show.',
    ],
    [{ show_id: show.id, seat_ids: [99999] }, 400, 'Some seats do not belong to this show.'],
    [{ show_id: 99999, seat_ids: [ids[0]] }, 404, 'Show not found.'],
  ];
  for (const [body, status, detail] of cases) {
    const res = await t.post('/api/holds/', body, customer.token);
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal((await res.json()).detail, detail, JSON.stringify(body));
  }
  const malformed = await t.request('POST', '/api/holds/', {
    token: customer.token,
    body: '{"show_id": ',
  });
  assert.equal(malformed.status, 400);
  assert.deepEqual(await t.db.query`SELECT id FROM holds`, []);
  assert.deepEqual(await t.db.query`SELECT id FROM seats WHERE hold_id IS NOT NULL`, []);
  assert.ok(owner);
});

Deno.test('a show that has started cannot be held', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  t.clock.set(show.startsAt);
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    customer.token,
  );
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    detail: 'This show has already started.',
    error: 'This show has already started.',
    code: 'show_started',
  });
});

Deno.test('only customers hold seats: owners and admins get 403, strangers 401', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const admin = await t.account('root', 'admin');
  const body = { show_id: show.id, seat_ids: [show.seat('A1')] };
  for (const who of [owner, admin]) {
    const res = await t.post('/api/holds/', body, who.token);
    assert.equal(res.status, 403, who.role);
    assert.equal((await res.json()).code, 'permission_denied');
  }
  assert.equal((await t.post('/api/holds/', body)).status, 401);
  assert.deepEqual(await t.db.query`SELECT id FROM holds`, []);
});

Deno.test('50 customers holding the same seat at once: exactly one gets it', async () => {
  await using t = await createBookingTestApp();
  const { show } = await t.scenario();
  const racers = await t.customers(50);
  const seat = show.seat('F6');
  const responses = await Promise.all(
    racers.map((c) => t.post('/api/holds/', { show_id: show.id, seat_ids: [seat] }, c.token)),
  );
  const statuses = responses.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 409).length, 49, statuses.join(','));
  const winner = racers[statuses.indexOf(201)];
  const loser = await responses[statuses.indexOf(409)]?.json();
  assert.deepEqual(loser?.seats, ['F6']);
  const [row] = await t.db.query<{ held_by: number }>`SELECT held_by FROM seats WHERE id = ${seat}`;
  assert.equal(row?.held_by, winner?.id);
  const [holds] = await t.db.query<{ n: number }>`SELECT count(*) AS n FROM holds`;
  assert.equal(holds?.n, 1);
});
