// The live seat map across API instances, the expiry sweep and the pruning of the log
// (live/hub.ts), driven through the real stream route.
import assert from 'node:assert/strict';
import { testClock } from '../testing/app.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../testing/booking.ts';
import { createTestDb, onPostgresServer, secondPool } from '../testing/db.ts';
import { type SseReader, sse } from '../testing/sse.ts';

type Seats = { show: number; version: number; seats: { id: number; status: string }[] };

const HOLD_MS = 10 * 60_000;
// The sweep's timer notices a hand-moved clock this often in these tests.
const FAST = { seatSweepMaxWaitMs: 20 };

async function watch(t: BookingTestApp, showId: number, who: Account, lastEventId?: number) {
  const headers: Record<string, string> =
    lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) };
  const res = await t.request('GET', `/api/shows/${showId}/seats/events/`, {
    token: who.token,
    headers,
  });
  assert.equal(res.status, 200);
  const stream = sse(res);
  assert.deepEqual(await stream.next(), { retry: 2000 });
  return stream;
}

async function nextSeats(stream: SseReader, timeoutMs = 1000) {
  const m = await stream.until((x) => x.event === 'seats' || x.event === 'bye', timeoutMs);
  assert.equal(m.event, 'seats', JSON.stringify(m));
  return { id: Number(m.id), ...stream.json<Seats>(m) };
}

/** Two API instances on one database, each with its own pool, one clock and one JWT secret. */
async function twoInstances(config = {}) {
  const base = await createTestDb();
  const second = secondPool(base);
  const clock = testClock();
  const a = await createBookingTestApp({ db: base.db, clock, config });
  const b = await createBookingTestApp({
    db: second.db,
    clock,
    config: { ...config, jwtSecret: a.config.jwtSecret },
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

// Within a second of the write's answer, here on a machine that may run three suites at once; how
// fast it really is under a race with 500 viewers, `npm run bench` measures (scripts/bench/load.mjs).
const HEARD_WITHIN_MS = 1000;

Deno.test('a viewer on instance B hears, within a second, a hold and a booking made through A', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { customer, show } = await a.scenario();
  const viewer = await watch(b, show.id, customer);
  assert.equal((await viewer.next()).event, 'ready');

  const held = await a.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('C7')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  let e = await nextSeats(viewer, HEARD_WITHIN_MS);
  assert.deepEqual(e.seats, [
    { id: show.seat('C7'), status: 'held', booked_by: null, checked_in: false },
  ]);

  const paid = await a.post(
    `/api/holds/${(await held.json()).id}/confirm/`,
    undefined,
    customer.token,
    {
      'Idempotency-Key': 'pay',
    },
  );
  assert.equal(paid.status, 201);
  e = await nextSeats(viewer, HEARD_WITHIN_MS);
  assert.deepEqual(e.seats, [
    { id: show.seat('C7'), status: 'booked', booked_by: null, checked_in: false },
  ]);
  await viewer.close();
});

Deno.test('a lapsed hold is announced as available with no request, and still answers 410', async () => {
  await using t = await createBookingTestApp({ config: FAST });
  const { customer, owner, show } = await t.scenario();
  const viewer = await watch(t, show.id, owner);
  await viewer.next(); // ready
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2')] },
    customer.token,
  );
  const hold = await held.json();
  assert.equal((await nextSeats(viewer)).seats[0]?.status, 'held');
  const counts = () =>
    t.db.query<{ held_seats: number; seats_version: number }>`
      SELECT held_seats, seats_version FROM shows WHERE id = ${show.id}`;
  assert.deepEqual(await counts(), [{ held_seats: 2, seats_version: 1 }]);

  // Nothing before the hold lapses.
  t.clock.advance(HOLD_MS - 1000);
  await assert.rejects(() => viewer.until((m) => m.event === 'seats', 200));
  t.clock.advance(1000);
  const lapse = await nextSeats(viewer);
  assert.deepEqual(lapse.seats, [
    { id: show.seat('A1'), status: 'available', booked_by: null, checked_in: false },
    { id: show.seat('A2'), status: 'available', booked_by: null, checked_in: false },
  ]);
  assert.equal(lapse.version, 2);
  assert.deepEqual(await counts(), [{ held_seats: 0, seats_version: 2 }]);
  assert.deepEqual(
    await t.db.query`SELECT id FROM seats WHERE show_id = ${show.id} AND hold_id IS NOT NULL`,
    [],
  );

  // The hold itself behaves as before: paying is 410 hold_expired, releasing is fine.
  const pay = await t.post(`/api/holds/${hold.id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': 'late',
  });
  assert.equal(pay.status, 410);
  assert.equal((await pay.json()).code, 'hold_expired');
  assert.equal((await t.get(`/api/holds/${hold.id}/`, customer.token)).status, 410);
  assert.equal(
    (await t.request('DELETE', `/api/holds/${hold.id}/`, { token: customer.token })).status,
    204,
  );
  // And the seats can be held again at once by someone else.
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const again = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    bea.token,
  );
  assert.equal(again.status, 201);
  await viewer.close();
});

Deno.test('the sweep starts with the instance: holds that lapsed before it are cleared', async () => {
  await using t = await createBookingTestApp({ config: FAST });
  const { customer, show } = await t.scenario();
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('B2')] }, customer.token);
  t.clock.advance(HOLD_MS + 1);
  // No stream, no request: the hub's start reads the earliest hold and sweeps it.
  await t.live.start();
  const deadline = performance.now() + 2000;
  let rows: { status: unknown }[] = [];
  while (performance.now() < deadline) {
    rows = await t.db.query<{ status: unknown }>`
      SELECT seats AS status FROM seat_events WHERE show_id = ${show.id} ORDER BY id DESC LIMIT 1`;
    if (JSON.stringify(rows).includes('available')) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.deepEqual(rows, [
    { status: [{ id: show.seat('B2'), status: 'available', booked_by: null, checked_in: false }] },
  ]);
  const [state] = await t.db.query`SELECT held_seats FROM shows WHERE id = ${show.id}`;
  assert.deepEqual(state, { held_seats: 0 });
});

Deno.test('two instances sweeping the same lapse announce it once', async () => {
  await using both = await twoInstances(FAST);
  const { a, b } = both;
  const { customer, show } = await a.scenario();
  const onA = await watch(a, show.id, customer);
  const onB = await watch(b, show.id, customer);
  await onA.next();
  await onB.next();
  await a.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('D4')] }, customer.token);
  await nextSeats(onA);
  await nextSeats(onB);
  a.clock.advance(HOLD_MS); // the clock both instances read
  const lapseA = await nextSeats(onA);
  const lapseB = await nextSeats(onB);
  assert.deepEqual(lapseA, lapseB);
  assert.deepEqual(lapseA.seats, [
    { id: show.seat('D4'), status: 'available', booked_by: null, checked_in: false },
  ]);
  // Nothing else comes: one sweep wrote it.
  await assert.rejects(() => onA.until((m) => m.event === 'seats', 300));
  const rows = await a.db.query`SELECT version FROM seat_events WHERE show_id = ${show.id}`;
  assert.equal(rows.length, 2);
  await onA.close();
  await onB.close();
});

Deno.test('old changes are pruned but each show’s newest; a resume from a pruned id gets reload', async () => {
  await using t = await createBookingTestApp({ config: { ...FAST, seatEventsKeepSeconds: 60 } });
  const { customer, show } = await t.scenario();
  const first = await watch(t, show.id, customer);
  await first.next();
  for (const label of ['A1', 'A2', 'A3']) {
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat(label)] }, customer.token);
  }
  const seen = await nextSeats(first);
  await nextSeats(first);
  const newest = await nextSeats(first);
  await first.close();

  await t.live.start();
  t.clock.advance(61_000);
  const deadline = performance.now() + 2000;
  let left: { id: number }[] = [];
  while (performance.now() < deadline) {
    left = await t.db.query<{ id: number }>`SELECT id FROM seat_events ORDER BY id`;
    if (left.length === 1) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.deepEqual(left, [{ id: newest.id }]);

  const stale = await watch(t, show.id, customer, seen.id);
  assert.deepEqual(await stale.next(), { id: String(newest.id), event: 'reload', data: '{}' });
  await stale.close();
  // From the kept newest, the next change comes as usual.
  const fine = await watch(t, show.id, customer, newest.id);
  await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A4')] }, customer.token);
  assert.equal((await nextSeats(fine)).version, newest.version + 1);
  await fine.close();
});

Deno.test({
  name: 'a lost listening connection comes back; its streams end and resume what they missed',
  ignore: !onPostgresServer,
  async fn() {
    await using t = await createBookingTestApp();
    const { customer, show } = await t.scenario();
    const viewer = await watch(t, show.id, customer);
    await viewer.next();
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A1')] }, customer.token);
    const seen = await nextSeats(viewer);

    const killed = await t.db.query<{ ok: boolean }>`
      SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'cinema-api-listen'`;
    assert.deepEqual(killed, [{ ok: true }]);
    // Written while nobody listens (or just after): the stream ends, the resume brings it.
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A2')] }, customer.token);
    const bye = await viewer.until((m) => m.event === 'bye', 5000);
    assert.equal(bye.event, 'bye');

    const resumed = await watch(t, show.id, customer, seen.id);
    const missed = await nextSeats(resumed);
    assert.equal(missed.version, seen.version + 1);
    // And it listens again: the next write arrives live.
    await t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A3')] }, customer.token);
    assert.equal((await nextSeats(resumed, 1000)).version, seen.version + 2);
    await resumed.close();
  },
});
