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

// --- No hoarding (api/README.md, "Limits per customer"): seats a show, holds, expiry, rate ---

const labelsOf = (from: number, count: number, row = 'C') =>
  Array.from({ length: count }, (_, i) => `${row}${from + i}`);

Deno.test('a customer holds at most 10 seats of a show, the ones already booked included', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const s = show.seat;
  assert.equal((await t.holdAndPay(customer, show.id, labelsOf(1, 8).map(s))).status, 201);

  const over = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: ['D1', 'D2', 'D3'].map(s) },
    customer.token,
  );
  assert.equal(over.status, 409);
  assert.deepEqual(await over.json(), {
    detail: 'One customer can have at most 10 seats of a show, held or booked; you have 8.',
    error: 'One customer can have at most 10 seats of a show, held or booked; you have 8.',
    code: 'seat_limit_reached',
    limit: 10,
    owned: 8,
  });
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 8, held: 0 });

  const fits = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: ['D1', 'D2'].map(s) },
    customer.token,
  );
  assert.equal(fits.status, 201);
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 8, held: 2 });
});

Deno.test('a hold that replaces the customer’s older one on the show does not count twice', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const s = show.seat;
  const first = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: labelsOf(1, 10).map(s) },
    customer.token,
  );
  assert.equal(first.status, 201);
  const second = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: labelsOf(1, 10, 'D').map(s) },
    customer.token,
  );
  assert.equal(second.status, 201);
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 0, held: 10 });
});

Deno.test('MAX_SEATS_PER_SHOW sets the seat limit of every path', async () => {
  await using t = await createBookingTestApp({ config: { maxSeatsPerShow: 3 } });
  const { customer, show } = await t.scenario();
  const s = show.seat;
  const four = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: labelsOf(1, 4).map(s) },
    customer.token,
  );
  assert.equal(four.status, 409);
  assert.equal((await four.json()).code, 'seat_limit_reached');
  assert.equal((await t.holdAndPay(customer, show.id, labelsOf(1, 3).map(s))).status, 201);
  const more = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('D1')] },
    customer.token,
  );
  assert.equal(more.status, 409);
  assert.equal(
    (await more.json()).detail,
    'One customer can have at most 3 seats of a show, held or booked; you have 3.',
  );
  // Another customer is not affected.
  const [bea] = await t.customers(1);
  assert.ok(bea);
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('D1')] }, bea.token)).status,
    201,
  );
});

/** `count` shows of one movie, 3 hours apart from tomorrow on. */
async function shows(t: Awaited<ReturnType<typeof createBookingTestApp>>, count: number) {
  const { customer, show, movie, theater } = await t.scenario();
  const more = [show];
  for (let i = 1; i < count; i++) {
    more.push(
      await t.show(movie, theater, {
        startsAt: new Date(show.startsAt.getTime() + i * 3 * 3600_000),
      }),
    );
  }
  return { customer, shows: more };
}

Deno.test('a customer has at most 3 active holds across all shows', async () => {
  await using t = await createBookingTestApp();
  const { customer, shows: list } = await shows(t, 5);
  const hold = (show: (typeof list)[number], label = 'A1') =>
    t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat(label)] }, customer.token);
  const ids: number[] = [];
  for (const show of list.slice(0, 3)) {
    const res = await hold(show);
    assert.equal(res.status, 201);
    ids.push((await res.json()).id);
  }
  const fourth = await hold(list[3] as (typeof list)[number]);
  assert.equal(fourth.status, 409);
  assert.deepEqual(await fourth.json(), {
    detail:
      'You can hold seats for at most 3 shows at a time. Pay for or release one of your holds first.',
    error:
      'You can hold seats for at most 3 shows at a time. Pay for or release one of your holds first.',
    code: 'hold_limit_reached',
    limit: 3,
  });
  // Re-picking seats on a show already held replaces that hold: still 3.
  assert.equal((await hold(list[0] as (typeof list)[number], 'B2')).status, 201);
  assert.equal(await t.activeHolds(customer), 3);

  // Releasing one makes room; so does paying for one.
  const released = await t.request('DELETE', `/api/holds/${ids[1]}/`, { token: customer.token });
  assert.equal(released.status, 204);
  assert.equal((await hold(list[3] as (typeof list)[number])).status, 201);
  assert.equal((await hold(list[4] as (typeof list)[number])).status, 409);
  const paid = await t.post(`/api/holds/${ids[2]}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'pay-3',
  });
  assert.equal(paid.status, 201);
  assert.equal((await hold(list[4] as (typeof list)[number])).status, 201);
  assert.equal(await t.activeHolds(customer), 3);
});

Deno.test('expired holds do not count towards the 3 active holds', async () => {
  await using t = await createBookingTestApp();
  const { customer, shows: list } = await shows(t, 4);
  for (const show of list.slice(0, 3)) {
    const res = await t.post(
      '/api/holds/',
      { show_id: show.id, seat_ids: [show.seat('A1')] },
      customer.token,
    );
    assert.equal(res.status, 201);
  }
  const last = list[3] as (typeof list)[number];
  const body = { show_id: last.id, seat_ids: [last.seat('A1')] };
  assert.equal((await t.post('/api/holds/', body, customer.token)).status, 409);
  t.clock.advance(10 * 60_000);
  assert.equal((await t.post('/api/holds/', body, customer.token)).status, 201);
});

Deno.test('one customer’s racing holds on 4 shows: exactly 3 are placed', async () => {
  await using t = await createBookingTestApp();
  const { customer, shows: list } = await shows(t, 4);
  const responses = await Promise.all(
    list.map((show) =>
      t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A1')] }, customer.token),
    ),
  );
  const statuses = responses.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 201, 201, 409], statuses.join(','));
  const refused = responses.find((r) => r.status === 409);
  assert.equal((await refused?.json())?.code, 'hold_limit_reached');
  assert.equal(await t.activeHolds(customer), 3);
});

Deno.test('one customer’s racing holds and bookings of a show never pass 10 seats', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, movie, theater } = await t.scenario();
  const s = show.seat;
  assert.equal((await t.holdAndPay(customer, show.id, labelsOf(1, 8).map(s))).status, 201);
  const responses = await Promise.all([
    ...[1, 3, 5].map((col) =>
      t.post(
        '/api/holds/',
        { show_id: show.id, seat_ids: [s(`E${col}`), s(`E${col + 1}`)] },
        customer.token,
      ),
    ),
    ...[1, 2, 3, 4].map((col) =>
      t.post(
        '/api/bookings/',
        { movie_id: movie.id, theater_id: theater.id, show_id: show.id, row: 'F', column: col },
        customer.token,
      ),
    ),
  ]);
  const statuses = responses.map((r) => r.status);
  assert.equal(statuses.filter((st) => st >= 500).length, 0, statuses.join(','));
  assert.ok(
    statuses.every((st) => st === 201 || st === 409),
    statuses.join(','),
  );
  const { booked, held } = await t.seatsOf(customer, show.id);
  // In any order the customer ends with exactly 10: never more.
  assert.equal(booked + held, 10, `booked ${booked} + held ${held}`);
});

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
    { show_id: show.id, seat_ids: [s('A1')] },
    customer.token,
  );
  assert.equal(next.status, 201);
  assert.equal(
    (await next.json()).expires_at,
    new Date(t.clock().getTime() + 10 * 60_000).toISOString(),
  );
});

Deno.test('a customer places at most 10 holds a minute, then 429 with Retry-After', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const post = (label: string) =>
    t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat(label)] }, customer.token);
  for (let col = 1; col <= 10; col++) {
    assert.equal((await post(`A${col}`)).status, 201, `hold ${col}`);
    t.clock.advance(1000);
  }
  const limited = await post('B1');
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('Retry-After'), '50');
  assert.deepEqual(await limited.json(), {
    detail: 'Too many seat holds. Please wait 1 minute and try again.',
    error: 'Too many seat holds. Please wait 1 minute and try again.',
    code: 'too_many_requests',
  });
  // Another customer is not slowed down; the first may hold again once the minute has passed.
  const [bea] = await t.customers(1);
  assert.ok(bea);
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('C1')] }, bea.token))
      .status,
    201,
  );
  t.clock.advance(50_000);
  assert.equal((await post('B1')).status, 201);
});
