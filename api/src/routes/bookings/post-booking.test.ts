import assert from 'node:assert/strict';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';

type Body = Record<string, unknown>;

const book = (t: BookingTestApp, who: Account, body: Body, key?: string) =>
  t.post('/api/bookings/', body, who.token, key === undefined ? {} : { 'Idempotency-Key': key });

async function setup(t: BookingTestApp) {
  const scenario = await t.scenario();
  const { movie, theater, show } = scenario;
  const body = (row: unknown, column: unknown): Body => ({
    movie_id: movie.id,
    theater_id: theater.id,
    show_id: show.id,
    row,
    column,
  });
  return { ...scenario, body };
}

Deno.test('a customer books one seat by row and column and gets the ticket', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, theater, body } = await setup(t);
  const res = await book(t, customer, body('C', 7));
  assert.equal(res.status, 201);
  const ticket = await res.json();
  assert.deepEqual(ticket, {
    id: ticket.id,
    movie_name: 'The Long Night',
    theater_name: theater.name,
    seat: { id: show.seat('C7'), row: 'C', column: 7 },
    show: 'The Long Night · Mon, 02 Mar 2026 · 15:30',
    show_id: show.id,
    date: '2026-03-02',
    start_time: '15:30',
    end_time: '17:30',
    starts_at: '2026-03-02T10:00:00.000Z',
    ends_at: '2026-03-02T12:00:00.000Z',
    // A single seat booked without a hold is an order of its own.
    order_id: null,
    is_cancelled: false,
    total_price: 100,
    can_cancel: true,
    code: ticket.code,
    checked_in_at: null,
  });
  assert.match(
    ticket.code,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  assert.deepEqual(await t.liveBookings(show.id), [
    { seat_id: show.seat('C7'), user_id: customer.id },
  ]);
  // Rows as lower-case letters or numbers, columns as digits, all work.
  assert.equal((await book(t, customer, body('c', '8'))).status, 201);
  assert.equal((await book(t, customer, body(3, 9))).status, 201);
  assert.equal((await t.liveBookings(show.id)).length, 3);
});

Deno.test('a booked seat, or one someone else holds, cannot be booked (409)', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  const [bea, carl] = await t.customers(2);
  assert.ok(bea && carl);
  assert.equal((await book(t, bea, body('A', 1))).status, 201);
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A2')] },
    carl.token,
  );
  assert.equal(held.status, 201);
  for (const column of [1, 2]) {
    const res = await book(t, customer, body('A', column));
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), {
      detail: 'This seat is already booked.',
      error: 'This seat is already booked.',
      code: 'seat_taken',
    });
  }
  // Its booker asking again within RETRY_WINDOW_MS is a retry (below); later, a 409 too.
  t.clock.advance(10 * 60_000);
  assert.equal((await book(t, bea, body('A', 1))).status, 409);
  assert.deepEqual(await t.liveBookings(show.id), [{ seat_id: show.seat('A1'), user_id: bea.id }]);
});

Deno.test('a customer may book a seat under their own hold, which then leaves it', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  assert.equal((await book(t, customer, body('A', 1))).status, 201);
  const rows = await t.db.query`
    SELECT row_label || col AS label, held_by FROM seats
     WHERE id IN (${show.seat('A1')}, ${show.seat('A2')}) ORDER BY label`;
  assert.deepEqual(rows, [
    { label: 'A1', held_by: null },
    { label: 'A2', held_by: customer.id },
  ]);
});

Deno.test('the ids must agree: the show must be of that movie in that theater', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, show, body, theater } = await setup(t);
  const otherTheater = await t.theater(owner, { name: 'Elsewhere' });
  const otherMovie = await t.movie(theater, { title: 'Other' });
  const cases: [Body, number, string][] = [
    [
      { ...body('A', 1), movie_id: otherMovie.id },
      400,
      'This show is not of that movie in that theater.',
    ],
    [
      { ...body('A', 1), theater_id: otherTheater.id },
      400,
      'This show is not of that movie in that theater.',
    ],
    [{ ...body('A', 1), show_id: 424242 }, 404, 'Show not found.'],
    [body('Z', 1), 400, 'This show has no such seat.'],
    [body('A', 13), 400, 'This show has no such seat.'],
    [body('AA', 1), 400, 'This show has no such seat.'],
    [body('A', 60), 400, 'This show has no such seat.'],
    [body('AAA', 1), 400, 'Invalid row: use a row label of one or two letters (A to ZZ).'],
    [body(null, 1), 400, 'Invalid row: use a row label of one or two letters (A to ZZ).'],
    [body('A', 0), 400, 'Invalid column: use a seat number from 1 to 60.'],
    [body('A', 61), 400, 'Invalid column: use a seat number from 1 to 60.'],
    [body('A', 1.5), 400, 'Invalid column: use a seat number from 1 to 60.'],
    [body('A', undefined), 400, 'Invalid column: use a seat number from 1 to 60.'],
    [{ ...body('A', 1), movie_id: 'x' }, 400, 'Invalid movie id.'],
    [{ ...body('A', 1), theater_id: -1 }, 400, 'Invalid theater id.'],
    [{ ...body('A', 1), show_id: undefined }, 400, 'Invalid show id.'],
  ];
  for (const [b, status, detail] of cases) {
    const res = await book(t, customer, b);
    assert.equal(res.status, status, JSON.stringify(b));
    assert.equal((await res.json()).detail, detail, JSON.stringify(b));
  }
  const notJson = await t.request('POST', '/api/bookings/', {
    token: customer.token,
    body: 'nope',
  });
  assert.equal(notJson.status, 400);
  assert.deepEqual(await t.liveBookings(show.id), []);
});

Deno.test('a show that has started cannot be booked', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  t.clock.set(new Date(show.startsAt.getTime() + 60_000));
  const res = await book(t, customer, body('A', 1));
  assert.equal(res.status, 409);
  assert.equal((await res.json()).detail, 'This show has already started.');
  assert.deepEqual(await t.liveBookings(show.id), []);
});

Deno.test('a booking retried with the same Idempotency-Key answers the same ticket once', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  const first = await book(t, customer, body('B', 2), 'seat-b2');
  assert.equal(first.status, 201);
  const again = await book(t, customer, body('B', 2), 'seat-b2');
  assert.equal(again.status, 201);
  assert.equal(again.headers.get('Idempotent-Replayed'), 'true');
  assert.equal(first.headers.get('Idempotent-Replayed'), null);
  assert.deepEqual(await again.json(), await first.json());
  // With its key a retry is answered at any time.
  t.clock.advance(60 * 60_000);
  assert.equal((await book(t, customer, body('B', 2), 'seat-b2')).status, 201);
  assert.equal((await t.liveBookings(show.id)).length, 1);
  // The key names that one booking: using it for another seat is refused.
  const reused = await book(t, customer, body('B', 3), 'seat-b2');
  assert.equal(reused.status, 409);
  assert.equal((await reused.json()).code, 'idempotency_key_reused');
  const blank = await book(t, customer, body('B', 3), ' ');
  assert.equal(blank.status, 400);
  assert.equal((await t.liveBookings(show.id)).length, 1);
});

Deno.test('a retry without a key (or with a new one) by the booker within 10 minutes answers 201 with the same ticket', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  const first = await book(t, customer, body('D', 4));
  assert.equal(first.status, 201);
  const ticket = await first.json();
  // A balancer re-sending the request after the first instance died: no key at all.
  t.clock.advance(9 * 60_000);
  for (const key of [undefined, 'a-new-key']) {
    const retry = await book(t, customer, body('D', 4), key);
    assert.equal(retry.status, 201, `key ${key}`);
    assert.equal(retry.headers.get('Idempotent-Replayed'), 'true');
    assert.deepEqual(await retry.json(), ticket);
  }
  // Someone else asking for it is still told it is taken.
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const taken = await book(t, bea, body('D', 4));
  assert.equal(taken.status, 409);
  assert.equal((await taken.json()).code, 'seat_taken');
  // Past the window the same request is a new intention, told the truth.
  t.clock.advance(60_000);
  const late = await book(t, customer, body('D', 4));
  assert.equal(late.status, 409);
  assert.equal((await late.json()).code, 'seat_taken');
  assert.deepEqual(await t.liveBookings(show.id), [
    { seat_id: show.seat('D4'), user_id: customer.id },
  ]);
  await t.settled();
  assert.equal(t.mail.emails.length, 1); // one booking, one confirmation
});

Deno.test('the same booking sent 5 times at once, with or without one key: one booking, five 201s', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  for (const [seat, key] of [
    ['E', undefined],
    ['F', 'race-key'],
  ] as const) {
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map(() => book(t, customer, body(seat, 5), key)),
    );
    const statuses = responses.map((r) => r.status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201], statuses.join(','));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    for (const b of bodies) assert.deepEqual(b, bodies[0]);
    const replayed = responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true');
    assert.equal(replayed.length, 4);
  }
  assert.equal((await t.liveBookings(show.id)).length, 2);
  await t.settled();
  assert.equal(t.mail.emails.length, 2);
  assert.equal((await t.db.query`SELECT id FROM email_queue`).length, 2);
});

Deno.test('20 customers booking one seat at once: exactly one gets it, no 5xx', async () => {
  await using t = await createBookingTestApp();
  const { show, body } = await setup(t);
  const racers = await t.customers(20);
  const statuses = (await Promise.all(racers.map((c) => book(t, c, body('D', 4))))).map(
    (r) => r.status,
  );
  assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 409).length, 19, statuses.join(','));
  assert.equal((await t.liveBookings(show.id)).length, 1);
});

Deno.test('only customers book: owners and admins get 403, strangers 401', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, body } = await setup(t);
  const admin = await t.account('root', 'admin');
  for (const who of [owner, admin]) {
    const res = await book(t, who, body('A', 1));
    assert.equal(res.status, 403);
  }
  assert.equal((await t.post('/api/bookings/', body('A', 1))).status, 401);
  assert.deepEqual(await t.liveBookings(show.id), []);
});

Deno.test('direct bookings and holds racing for one seat: one winner, never booked and held', async () => {
  await using t = await createBookingTestApp();
  const { show, body } = await setup(t);
  const racers = await t.customers(30);
  const seat = show.seat('D5');
  const responses = await Promise.all(
    racers.map((c, i) => (i % 2 ? book(t, c, body('D', 5)) : t.holdAndPay(c, show.id, [seat]))),
  );
  const statuses = responses.map((r) => r.status);
  assert.equal(statuses.filter((s) => s >= 500).length, 0, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(','));
  assert.equal((await t.liveBookings(show.id)).length, 1);
  const [row] = await t.db.query<{ held: boolean }>`
    SELECT held_until > ${t.clock()} AS held FROM seats WHERE id = ${seat}`;
  assert.equal(row?.held ?? false, false);
});

// --- No hoarding (api/README.md, "Limits per customer") ---

Deno.test('one customer books at most 10 seats of a show; their own held seat still books', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  for (let column = 1; column <= 8; column++) {
    assert.equal((await book(t, customer, body('A', column))).status, 201, `A${column}`);
  }
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('B1'), show.seat('B2')] },
    customer.token,
  );
  assert.equal(held.status, 201);

  const over = await book(t, customer, body('C', 1));
  assert.equal(over.status, 409);
  assert.deepEqual(await over.json(), {
    detail: 'One customer can have at most 10 seats of a show, held or booked; you have 10.',
    error: 'One customer can have at most 10 seats of a show, held or booked; you have 10.',
    code: 'seat_limit_reached',
    limit: 10,
    owned: 10,
  });
  // A seat under the customer's own hold moves from held to booked: still 10.
  assert.equal((await book(t, customer, body('B', 1))).status, 201);
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 9, held: 1 });
  assert.equal((await t.liveBookings(show.id)).length, 9);
  // Someone else books freely.
  const [bea] = await t.customers(1);
  assert.ok(bea);
  assert.equal((await book(t, bea, body('C', 1))).status, 201);
});

Deno.test('a cancelled ticket gives its seat back to the customer’s allowance', async () => {
  await using t = await createBookingTestApp({ config: { maxSeatsPerShow: 2 } });
  const { customer, body } = await setup(t);
  const first = await (await book(t, customer, body('A', 1))).json();
  assert.equal((await book(t, customer, body('A', 2))).status, 201);
  assert.equal((await book(t, customer, body('A', 3))).status, 409);
  const cancel = await t.request('PATCH', `/api/bookings/${first.id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancel.status, 200);
  assert.equal((await book(t, customer, body('A', 3))).status, 201);
});

Deno.test('5 bookings of one customer at once with 8 seats owned: exactly 2 are booked', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, body } = await setup(t);
  assert.equal(
    (
      await t.holdAndPay(
        customer,
        show.id,
        [1, 2, 3, 4, 5, 6, 7, 8].map((c) => show.seat(`A${c}`)),
      )
    ).status,
    201,
  );
  const responses = await Promise.all([1, 2, 3, 4, 5].map((c) => book(t, customer, body('B', c))));
  const statuses = responses.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 201, 409, 409, 409], statuses.join(','));
  for (const res of responses.filter((r) => r.status === 409)) {
    assert.equal((await res.json()).code, 'seat_limit_reached');
  }
  assert.deepEqual(await t.seatsOf(customer, show.id), { booked: 10, held: 0 });
});

Deno.test('a customer books at most 20 times a minute (confirms included), then 429', async () => {
  await using t = await createBookingTestApp({ config: { maxSeatsPerShow: 100 } });
  const { customer, show, body } = await setup(t);
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('H1')])).status, 201);
  assert.equal((await book(t, customer, body('A', 1), 'key-a1')).status, 201);
  for (let column = 2; column <= 10; column++) {
    assert.equal((await book(t, customer, body('A', column))).status, 201, `A${column}`);
    assert.equal((await book(t, customer, body('B', column - 1))).status, 201, `B${column - 1}`);
  }
  // 1 confirm + 19 bookings: the 21st within the minute is refused.
  const limited = await book(t, customer, body('B', 10));
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('Retry-After'), '60');
  assert.deepEqual(await limited.json(), {
    detail: 'Too many bookings. Please wait 1 minute and try again.',
    error: 'Too many bookings. Please wait 1 minute and try again.',
    code: 'too_many_requests',
  });
  // A retry of a booking already made is answered, not counted.
  assert.equal((await book(t, customer, body('A', 1), 'key-a1')).status, 201);
  t.clock.advance(60_000);
  assert.equal((await book(t, customer, body('B', 10))).status, 201);
  assert.equal((await t.liveBookings(show.id)).length, 21);
});
