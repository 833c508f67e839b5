// No hoarding (api/README.md, "Limits per customer"): seats a show, active holds across shows,
// racing requests of one customer, and holds a minute.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

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

Deno.test('a taken seat is the first answer, before the customer’s limits: over the limit, the seat is named', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1, 'bea');
  assert.ok(bea);
  const s = show.seat;
  assert.equal((await t.holdAndPay(customer, show.id, labelsOf(1, 8).map(s))).status, 201);
  const beas = await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('D1')] }, bea.token);
  assert.equal(beas.status, 201);
  // Read before the transaction (post-hold.ts): the seat is taken whatever the limits say.
  const taken = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: ['D1', 'D2', 'D3'].map(s) },
    customer.token,
  );
  assert.equal(taken.status, 409);
  assert.deepEqual((await taken.json()).seats, ['D1']);
  // Free seats over the limit: the limit is the answer.
  const over = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: ['D2', 'D3', 'D4'].map(s) },
    customer.token,
  );
  assert.equal(over.status, 409);
  assert.equal((await over.json()).code, 'seat_limit_reached');
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 8, held: 0 });
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

Deno.test('holds refused for a seat already taken do not count towards the 10 a minute', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea] = await t.customers(1, 'bea');
  assert.ok(bea);
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A1')] }, bea.token))
      .status,
    201,
  );
  // An on-sale fan clicking a seat someone has just taken, again and again.
  for (let n = 1; n <= 15; n++) {
    const refused = await t.post(
      '/api/holds/',
      { show_id: show.id, seat_ids: [show.seat('A1')] },
      customer.token,
    );
    assert.equal(refused.status, 409, `attempt ${n}`);
    assert.equal((await refused.json()).code, 'seats_unavailable');
  }
  // Refused on a read: nothing written for them, not even a count (two reads each, like a map).
  const written = await t.db.query<{ holds: number; counted: number }>`
    SELECT (SELECT count(*) FROM holds WHERE user_id = ${customer.id})::integer AS holds,
           (SELECT count(*) FROM rate_limit_events
             WHERE key = ${`holds:user:${customer.id}`})::integer AS counted`;
  assert.deepEqual(written, [{ holds: 0, counted: 0 }]);
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A2')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 0, held: 1 });
});
