import assert from 'node:assert/strict';
import { bookSeatsByLabel } from '../../booking/sql.ts';
import type { Config } from '../../config.ts';
import { SHUTDOWN_RETRY_MS } from '../../live/stream.ts';
import { createAccountsTestApp, TEST_PASSWORD } from '../../testing/accounts.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { type SseMessage, type SseReader, sse } from '../../testing/sse.ts';
import { SeatsEventSchema } from './get-show-seat-events.ts';

type Change = { id: number; status: string; booked_by: string | null; checked_in: boolean };
type Seats = { show: number; version: number; seats: Change[] };

const events = (showId: number) => `/api/shows/${showId}/seats/events/`;

/** Opens a stream and reads its `retry:` and opening message. */
async function open(
  t: BookingTestApp,
  showId: number,
  who: Account,
  headers: Record<string, string> = {},
  query = '',
): Promise<{ res: Response; stream: SseReader; opening: SseMessage }> {
  const res = await t.request('GET', `${events(showId)}${query}`, { token: who.token, headers });
  assert.equal(res.status, 200, res.status === 200 ? '' : await res.text());
  const stream = sse(res);
  assert.deepEqual(await stream.next(), { retry: 2000 });
  return { res, stream, opening: await stream.next() };
}

/** The next `seats` event (heartbeats skipped). */
async function nextSeats(stream: SseReader, timeoutMs = 1000) {
  const m = await stream.until((x) => x.event === 'seats' || x.event === 'bye', timeoutMs);
  assert.equal(m.event, 'seats');
  // As the OpenAPI document describes it.
  assert.ok(SeatsEventSchema.safeParse(stream.json(m)).success, m.data);
  return { id: Number(m.id), ...stream.json<Seats>(m) };
}

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
      price: 100,
      now: t.clock(),
    }),
  );
  const e = await nextSeats(stream);
  assert.equal(e.seats.length, 400);
  assert.ok(e.seats.every((x) => x.status === 'booked' && x.booked_by === customer.username));
  await stream.close();
});

Deno.test('heartbeats keep an idle stream alive', async () => {
  await using t = await createBookingTestApp({ config: { seatEventsHeartbeatMs: 50 } });
  const { customer, show } = await t.scenario();
  const { stream } = await open(t, show.id, customer);
  assert.deepEqual(await stream.next(500), { comment: 'ping' });
  assert.deepEqual(await stream.next(500), { comment: 'ping' });
  await stream.close();
});

Deno.test('the stream ends with bye when the access token expires', async () => {
  await using t = await createBookingTestApp({
    config: { accessTokenTtlSeconds: 1, seatEventsHeartbeatMs: 60_000 },
  });
  const { customer, show } = await t.scenario();
  const started = performance.now();
  const { stream } = await open(t, show.id, customer);
  const bye = await stream.until((m) => m.event === 'bye', 3000);
  assert.deepEqual(bye, { event: 'bye', data: '{}' });
  assert.ok(performance.now() - started < 2500);
  assert.deepEqual(await stream.next(), { end: true });

  // A clock that moved past the expiry is noticed at the next heartbeat too.
  await using u = await createBookingTestApp({ config: { seatEventsHeartbeatMs: 50 } });
  const other = await u.scenario();
  const late = await open(u, other.show.id, other.customer);
  u.clock.advance(31 * 24 * 3600_000);
  assert.equal((await late.stream.until((m) => m.event === 'bye', 1000)).event, 'bye');
  assert.deepEqual(await late.stream.next(), { end: true });
});

Deno.test('shutting the app down says bye to every open stream, with a short retry', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, show } = await t.scenario();
  const a = await open(t, show.id, customer);
  const b = await open(t, show.id, owner);
  await t.live.stop();
  // Come back soon: behind a balancer the reconnect reaches another instance.
  const bye = { retry: SHUTDOWN_RETRY_MS, event: 'bye', data: '{}' };
  for (const { stream } of [a, b]) {
    assert.deepEqual(await stream.next(), bye);
    assert.deepEqual(await stream.next(), { end: true });
  }
  // A stream opened while stopping ends at once.
  const late = await open(t, show.id, customer);
  assert.deepEqual(await late.stream.next(), bye);
});

// --- Streams end with their session, and are limited per account and per network, across
// instances (docs/decisions/0026-streams-end-with-their-session.md).

const SESSION_ENDED = { event: 'bye', data: '{"reason":"session_ended"}' };

/**
 * Two API instances on one database, each with its own pool and hub: `a` signs in, out and
 * resets (the accounts test app), `b` has the booking helpers. Both trust one proxy, so a test
 * speaks from any address with X-Forwarded-For.
 */
async function twoInstances(config: Partial<Config> = {}) {
  const base = await createTestDb();
  const second = secondPool(base);
  const a = await createAccountsTestApp({ db: base.db, config });
  const b = await createBookingTestApp({
    db: second.db,
    clock: a.clock,
    config: { ...config, jwtSecret: a.config.jwtSecret, trustProxyHops: 1 },
  });
  return {
    a,
    b,
    async [Symbol.asyncDispose]() {
      await b.close();
      await a.close();
      await second.close();
      await base.close();
    },
  };
}

/** GET the stream on either instance with a token, from an address. */
function request(
  app: { app: { request: (path: string, init: RequestInit) => Response | Promise<Response> } },
  showId: number,
  token: string,
  ip = '198.51.100.1',
) {
  return app.app.request(events(showId), {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
  });
}

async function openOn(
  app: Parameters<typeof request>[0],
  showId: number,
  token: string,
  ip?: string,
): Promise<SseReader> {
  const res = await request(app, showId, token, ip);
  assert.equal(res.status, 200, res.status === 200 ? '' : await res.text());
  const stream = sse(res);
  assert.deepEqual(await stream.next(), { retry: 2000 });
  assert.equal((await stream.next()).event, 'ready');
  return stream;
}

/** The stream's session_ended bye, within `ms` of `since`, and then its end. */
async function endsWithSession(stream: SseReader, since: number, ms = 1000) {
  const bye = await stream.until((m) => m.event === 'bye', ms);
  const took = performance.now() - since;
  assert.deepEqual(bye, SESSION_ENDED);
  assert.ok(took < ms, `ended after ${took} ms`);
  assert.deepEqual(await stream.next(), { end: true });
  return took;
}

const openSlots = async (db: BookingTestApp['db'], userId: number) =>
  (
    await db.query<{ n: number }>`SELECT count(*) AS n FROM seat_streams WHERE user_id = ${userId}`
  )[0]?.n;

/** Waits (at most `ms`) until `check` holds. */
async function eventually(check: () => Promise<boolean>, ms = 1000) {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('Not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

Deno.test('a logout ends that session’s streams on every instance within a second; another session of the same user keeps its own', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { owner, customer, show } = await b.scenario();
  const phone = await a.login(owner.username);
  const laptop = await a.login(owner.username);
  const onB = await openOn(b, show.id, phone.access);
  const onA = await openOn(a, show.id, phone.access);
  const other = await openOn(b, show.id, laptop.access);

  const sent = performance.now();
  assert.equal((await a.post('/api/logout/', { refresh: phone.refresh })).status, 204);
  const took = [await endsWithSession(onB, sent), await endsWithSession(onA, sent)];

  // The laptop's login still hears who booked.
  assert.equal((await b.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  await nextSeats(other); // held
  assert.equal((await nextSeats(other)).seats[0]?.booked_by, customer.username);
  await other.close();

  // Coming back with the ended session's token is a 401 (the apps then sign out).
  const again = await request(b, show.id, phone.access);
  assert.equal(again.status, 401);
  assert.equal((await again.json()).code, 'token_not_valid');
  await eventually(async () => (await openSlots(b.db, owner.id)) === 0);
  console.log(`logout ended the streams after ${took.map((ms) => ms.toFixed(0)).join(' and ')} ms`);
});

Deno.test('a password reset ends every stream of the account, on every instance', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { customer, show } = await b.scenario();
  const phone = await a.login(customer.username);
  const streams = [
    await openOn(b, show.id, customer.token), // the session the helper opened
    await openOn(a, show.id, phone.access),
  ];
  assert.equal((await a.post('/api/otp/request/', { email: customer.email })).status, 200);
  const code = await a.codeFor(customer.email);
  const verified = await a.post('/api/otp/verify/', { email: customer.email, code });
  const { reset_token } = await verified.json();

  const sent = performance.now();
  const reset = await a.post('/api/password/reset/', {
    email: customer.email,
    new_password: 'Matinee#Seat42',
    reset_token,
  });
  assert.equal(reset.status, 200);
  for (const stream of streams) await endsWithSession(stream, sent);
});

Deno.test('a refresh token presented again ends the login’s streams (the thief’s and the owner’s)', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { owner, show } = await b.scenario();
  const first = await a.login(owner.username);
  const rotated = await a.post('/api/token/refresh/', { refresh: first.refresh });
  assert.equal(rotated.status, 200);
  const fresh = await rotated.json();
  const stream = await openOn(b, show.id, fresh.access);

  a.clock.advance(60_000); // past the grace for tabs racing one refresh
  const sent = performance.now();
  assert.equal((await a.post('/api/token/refresh/', { refresh: first.refresh })).status, 401);
  await endsWithSession(stream, sent);
});

Deno.test('one account holds at most 10 streams across instances: the 11th is a 429 until one ends', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { customer, show } = await b.scenario();
  const open: SseReader[] = [];
  for (let i = 0; i < 10; i++) {
    // Five on each instance, from different addresses: the account is what counts.
    open.push(await openOn(i % 2 ? a : b, show.id, customer.token, `198.51.100.${i + 1}`));
  }
  const refused = await request(a, show.id, customer.token, '198.51.100.99');
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('retry-after'), '30');
  assert.equal(refused.headers.get('content-type'), 'application/json');
  const detail =
    'Too many live seat maps are open for this account (at most 10). Close one and try again.';
  assert.deepEqual(await refused.json(), {
    detail,
    error: detail,
    code: 'too_many_streams',
    scope: 'account',
    max: 10,
  });
  assert.equal((await request(b, show.id, customer.token)).status, 429);

  // Another account is not affected.
  const [bea] = await b.customers(1);
  assert.ok(bea);
  const hers = await openOn(b, show.id, bea.token);
  await hers.close();

  // Closing one frees its slot, on whichever instance it was.
  await open.pop()?.close();
  let reopened: Response | undefined;
  await eventually(async () => {
    await reopened?.body?.cancel();
    reopened = await request(b, show.id, customer.token);
    return reopened.status === 200;
  });
  await reopened?.body?.cancel();
  for (const stream of open) await stream.close();
});

Deno.test('one network holds at most 50 streams, whatever the accounts', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { show } = await b.scenario();
  const people = await b.customers(51);
  const open: SseReader[] = [];
  for (const [i, who] of people.slice(0, 50).entries()) {
    open.push(await openOn(i % 2 ? a : b, show.id, who.token, '203.0.113.7'));
  }
  const last = people[50] as Account;
  const refused = await request(b, show.id, last.token, '203.0.113.7');
  assert.equal(refused.status, 429);
  const body = await refused.json();
  assert.equal(body.code, 'too_many_streams');
  assert.equal(body.scope, 'address');
  assert.equal(body.max, 50);
  assert.equal(refused.headers.get('retry-after'), '30');
  // An IPv4-mapped form of the same address is the same network; another address is not.
  assert.equal((await request(a, show.id, last.token, '::ffff:203.0.113.7')).status, 429);
  const elsewhere = await openOn(a, show.id, last.token, '203.0.113.8');
  await elsewhere.close();
  for (const stream of open) await stream.close();
});

Deno.test('an IPv6 /64 is one network', async () => {
  await using t = await createBookingTestApp({
    config: { trustProxyHops: 1, seatStreamsPerAddress: 2 },
  });
  const { show } = await t.scenario();
  const people = await t.customers(3);
  const [x, y, z] = people as [Account, Account, Account];
  const s1 = await openOn(t, show.id, x.token, '2001:db8:1:2::1');
  const s2 = await openOn(t, show.id, y.token, '2001:db8:1:2:ffff::9');
  assert.equal((await request(t, show.id, z.token, '2001:db8:1:2::77')).status, 429);
  const s3 = await openOn(t, show.id, z.token, '2001:db8:1:3::1');
  for (const s of [s1, s2, s3]) await s.close();
});

Deno.test('racing opens on two instances never exceed the limit', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { customer, show } = await b.scenario();
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      request(i % 2 ? a : b, show.id, customer.token, `198.51.100.${i + 1}`),
    ),
  );
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(14).fill(429)]);
  assert.equal(await openSlots(b.db, customer.id), 10);
  for (const res of answers) await res.body?.cancel();
  await eventually(async () => (await openSlots(b.db, customer.id)) === 0);
});

Deno.test('the slots of an instance that died stop counting when their lease runs out', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [session] = await t.db.query<{ id: string }>`
    SELECT id::text AS id FROM sessions WHERE user_id = ${customer.id}`;
  const dead = async (leaseSeconds: number) => {
    await t.db.query`
      INSERT INTO seat_streams (id, instance, user_id, session_id, network, opened_at, lease_until)
      SELECT gen_random_uuid(), '00000000-0000-4000-8000-00000000dead', ${customer.id},
             ${session?.id}::uuid, '192.0.2.1', now(), now() + ${leaseSeconds} * interval '1 second'
        FROM generate_series(1, 10)`;
  };
  await dead(60); // still within their lease: they count
  assert.equal((await t.get(events(show.id), customer.token)).status, 429);
  await t.db.query`DELETE FROM seat_streams`;
  await dead(-1); // lapsed: they do not, and they are cleared
  const { stream } = await open(t, show.id, customer);
  assert.equal(await openSlots(t.db, customer.id), 1);
  await stream.close();
});
