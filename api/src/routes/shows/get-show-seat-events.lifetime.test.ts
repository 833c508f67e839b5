// How long a seat stream lives: heartbeats keep it open, and it ends with a bye when its access
// token expires, when the app shuts down, and when its session ends, on every instance
// (docs/decisions/0026-streams-end-with-their-session.md).
import assert from 'node:assert/strict';
import { SHUTDOWN_RETRY_MS } from '../../live/stream.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import type { SseReader } from '../../testing/sse.ts';
import {
  eventually,
  nextSeats,
  open,
  openOn,
  openSlots,
  request,
  twoInstances,
} from './get-show-seat-events.testing.ts';

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

const SESSION_ENDED = { event: 'bye', data: '{"reason":"session_ended"}' };

/**
 * The stream's session_ended bye, within `ms` of `since` (the answer of the call that ended the
 * session: the request's own time, a password's hashing under load, is not the stream's), and
 * then its end.
 */
async function endsWithSession(stream: SseReader, since: number, ms = 1000) {
  const bye = await stream.until((m) => m.event === 'bye', ms);
  const took = performance.now() - since;
  assert.deepEqual(bye, SESSION_ENDED);
  assert.ok(took < ms, `ended after ${took} ms`);
  assert.deepEqual(await stream.next(), { end: true });
  return took;
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

  assert.equal((await a.post('/api/logout/', { refresh: phone.refresh })).status, 204);
  const sent = performance.now();
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

  const reset = await a.post('/api/password/reset/', {
    email: customer.email,
    new_password: 'Matinee#Seat42',
    reset_token,
  });
  assert.equal(reset.status, 200);
  const sent = performance.now();
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
  assert.equal((await a.post('/api/token/refresh/', { refresh: first.refresh })).status, 401);
  const sent = performance.now();
  await endsWithSession(stream, sent);
});
