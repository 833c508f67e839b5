import assert from 'node:assert/strict';
import { bookSeatsByLabel } from '../../booking/sql.ts';
import { TEST_PASSWORD } from '../../testing/accounts.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { sse } from '../../testing/sse.ts';
import { events, nextSeats, open, type Seats } from './get-show-seat-events.testing.ts';

Deno.test('a viewer gets ready, then every kind of write as it commits, with public statuses', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, theater, movie } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const s = show.seat;

  const { res, stream, opening } = await open(t, show.id, bea);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(res.headers.get('x-accel-buffering'), 'no');
  assert.deepEqual(opening, { id: '0', event: 'ready', data: '{"version":0}' });

  // Hold, then replace it: the freed seat and the new one in one change.
  const hold = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1'), s('A2')] }, customer.token)
  ).json();
  let e = await nextSeats(stream);
  assert.deepEqual(e, {
    id: e.id,
    show: show.id,
    version: 1,
    seats: [
      { id: s('A1'), status: 'held', booked_by: null, checked_in: false },
      { id: s('A2'), status: 'held', booked_by: null, checked_in: false },
    ],
  });
  const replaced = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A2'), s('A3')] }, customer.token)
  ).json();
  assert.notEqual(replaced.id, hold.id);
  e = await nextSeats(stream);
  assert.equal(e.version, 2);
  assert.deepEqual(e.seats, [
    { id: s('A1'), status: 'available', booked_by: null, checked_in: false },
    { id: s('A2'), status: 'held', booked_by: null, checked_in: false },
    { id: s('A3'), status: 'held', booked_by: null, checked_in: false },
  ]);

  // Paid: booked, and a customer never learns by whom.
  const paid = await t.post(`/api/holds/${replaced.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'k1',
  });
  assert.equal(paid.status, 201);
  const { tickets } = await paid.json();
  e = await nextSeats(stream);
  assert.deepEqual(e.seats, [
    { id: s('A2'), status: 'booked', booked_by: null, checked_in: false },
    { id: s('A3'), status: 'booked', booked_by: null, checked_in: false },
  ]);

  // Released.
  const third = await (
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('B1')] }, customer.token)
  ).json();
  assert.deepEqual((await nextSeats(stream)).seats, [
    { id: s('B1'), status: 'held', booked_by: null, checked_in: false },
  ]);
  assert.equal(
    (await t.request('DELETE', `/api/holds/${third.id}/`, { token: customer.token })).status,
    204,
  );
  assert.deepEqual((await nextSeats(stream)).seats, [
    { id: s('B1'), status: 'available', booked_by: null, checked_in: false },
  ]);

  // One seat booked directly, and a ticket cancelled.
  const single = await t.post(
    '/api/bookings/',
    { movie_id: movie.id, theater_id: theater.id, show_id: show.id, row: 'C', column: 7 },
    customer.token,
  );
  assert.equal(single.status, 201);
  assert.deepEqual((await nextSeats(stream)).seats, [
    { id: s('C7'), status: 'booked', booked_by: null, checked_in: false },
  ]);
  const cancelled = await t.request('PATCH', `/api/bookings/${tickets[0].id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancelled.status, 200);
  e = await nextSeats(stream);
  assert.deepEqual(e.seats, [
    { id: s('A2'), status: 'available', booked_by: null, checked_in: false },
  ]);
  assert.equal(e.version, 7);

  // A refused write announces nothing: the next thing on the stream is the next real change.
  const refused = await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A3')] }, bea.token);
  assert.equal(refused.status, 409);
  await t.holdAndPay(bea, show.id, [s('D1')]);
  assert.deepEqual((await nextSeats(stream)).seats, [
    { id: s('D1'), status: 'held', booked_by: null, checked_in: false },
  ]);
  await stream.close();
});

Deno.test('the owner of the theater and an admin see who booked; another owner gets a 404', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const admin = await t.account('root', 'admin');
  const stranger = await t.account('owner2', 'owner');

  const forOwner = await open(t, show.id, owner);
  const forAdmin = await open(t, show.id, admin);
  const forCustomer = await open(t, show.id, customer);
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('E5')])).status, 201);
  for (const viewer of [forOwner, forAdmin, forCustomer]) await nextSeats(viewer.stream); // held
  const booked = { id: show.seat('E5'), status: 'booked' };
  assert.deepEqual((await nextSeats(forOwner.stream)).seats, [
    { ...booked, booked_by: customer.username, checked_in: false },
  ]);
  assert.deepEqual((await nextSeats(forAdmin.stream)).seats, [
    { ...booked, booked_by: customer.username, checked_in: false },
  ]);
  assert.deepEqual((await nextSeats(forCustomer.stream)).seats, [
    { ...booked, booked_by: null, checked_in: false },
  ]);
  for (const viewer of [forOwner, forAdmin, forCustomer]) await viewer.stream.close();

  const res = await t.get(events(show.id), stranger.token);
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), {
    detail: 'Show not found.',
    error: 'Show not found.',
    code: 'not_found',
  });
});

Deno.test('no token, a bad token or an ended session is a 401; a bad id 400; an unknown show 404', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const none = await t.get(events(show.id));
  assert.equal(none.status, 401);
  assert.equal((await none.json()).code, 'not_authenticated');
  assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="api"');
  assert.equal((await t.get(events(show.id), 'not.a.token')).status, 401);
  assert.equal((await t.get('/api/shows/abc/seats/events/')).status, 401);

  const bad = await t.get('/api/shows/abc/seats/events/', customer.token);
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).detail, 'Invalid id.');
  assert.equal((await t.get('/api/shows/0/seats/events', customer.token)).status, 400);
  const unknown = await t.get('/api/shows/999999/seats/events/', customer.token);
  assert.equal(unknown.status, 404);
  assert.equal(unknown.headers.get('content-type'), 'application/json');

  const login = await t.post('/api/login/', {
    email_or_username: customer.username,
    password: TEST_PASSWORD,
  });
  const { access, refresh } = await login.json();
  const ok = await t.get(events(show.id), access);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  assert.equal((await t.post('/api/logout/', { refresh })).status, 204);
  const ended = await t.get(events(show.id), access);
  assert.equal(ended.status, 401);
  assert.equal((await ended.json()).code, 'token_not_valid');
});

Deno.test('Last-Event-ID resumes with exactly the missed changes; the query parameter too', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const s = show.seat;
  const first = await open(t, show.id, customer);
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1')] }, customer.token);
  const seen = await nextSeats(first.stream);
  await first.stream.close();

  // Missed while away: two changes.
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A2')] }, customer.token);
  const [other] = await t.customers(1);
  assert.ok(other);
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('F1')] }, other.token);

  const back = await open(t, show.id, customer, { 'Last-Event-ID': String(seen.id) });
  const missed1 = { id: Number(back.opening.id), ...back.stream.json<Seats>(back.opening) };
  assert.equal(back.opening.event, 'seats');
  assert.equal(missed1.version, seen.version + 1);
  assert.deepEqual(missed1.seats, [
    { id: s('A1'), status: 'available', booked_by: null, checked_in: false },
    { id: s('A2'), status: 'held', booked_by: null, checked_in: false },
  ]);
  const missed2 = await nextSeats(back.stream);
  assert.equal(missed2.version, seen.version + 2);
  assert.deepEqual(missed2.seats, [
    { id: s('F1'), status: 'held', booked_by: null, checked_in: false },
  ]);
  // Then live, nothing sent twice.
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('F2')] }, other.token);
  const live = await nextSeats(back.stream);
  assert.equal(live.version, seen.version + 3);
  await back.stream.close();

  // Up to date: nothing but the next change. The query parameter works the same.
  const res = await t.get(`${events(show.id)}?last_event_id=${live.id}`, customer.token);
  const current = sse(res);
  assert.deepEqual(await current.next(), { retry: 2000 });
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('F3')] }, other.token);
  const next = await nextSeats(current);
  assert.equal(next.version, seen.version + 4);
  assert.deepEqual(current.skipped, []);
  await current.close();

  // From 0 (the show had no change when the viewer came): everything, since nothing was pruned.
  const all = await open(t, show.id, customer, { 'Last-Event-ID': '0' });
  assert.equal(all.stream.json<Seats>(all.opening).version, 1);
  await all.stream.close();
});

Deno.test('an id the log cannot serve (unknown, another show’s, not a number) gets reload', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, theater, movie } = await t.scenario();
  const otherShow = await t.show(movie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 4 * 3600_000),
  });
  await t.post(
    '/api/holds/',
    { show_id: otherShow.id, seat_ids: [otherShow.seat('A1')] },
    customer.token,
  );
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A1')] }, customer.token);
  const [row] = await t.db.query<{ id: number }>`
    SELECT max(id) AS id FROM seat_events WHERE show_id = ${show.id}`;
  const newest = String(row?.id);
  for (const lastId of ['1', '999999', 'abc', '-1', '1.5', '']) {
    // Event 1 is the other show's; the others are no id this stream sent.
    const { opening, stream } = await open(t, show.id, owner, { 'Last-Event-ID': lastId });
    assert.deepEqual(opening, { id: newest, event: 'reload', data: '{}' }, lastId);
    await stream.close();
  }
});

Deno.test('a change too big for a NOTIFY is read from the log and still reaches the viewers', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario({ rows: 20, seatsPerRow: 20 });
  const { stream } = await open(t, show.id, owner);
  const labels = Object.keys(show.seats);
  await t.db.transaction((tx) =>
    bookSeatsByLabel(tx, {
      userId: customer.id,
      showId: show.id,
      labels,
      now: t.clock(),
    }),
  );
  const e = await nextSeats(stream);
  assert.equal(e.seats.length, 400);
  assert.ok(e.seats.every((x) => x.status === 'booked' && x.booked_by === customer.username));
  await stream.close();
});
