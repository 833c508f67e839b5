import assert from 'node:assert/strict';
import { line, setSale } from '../../onsale/testing.ts';
import { createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;

Deno.test('fans who join before the opening are placed at random, later arrivals in arrival order', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(t.clock().getTime() + 30 * MINUTE);
  await setSale(t.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  const early = await t.customers(30, 'early');
  const late = await t.customers(3, 'late');

  // Before the line opens (10 minutes ahead of the sale) nobody is in it.
  t.clock.set(new Date(opensAt.getTime() - 11 * MINUTE));
  const tooSoon = await t.request('POST', `/api/onsale/${show.id}/line/`, {
    token: early[0]?.token,
  });
  assert.equal(tooSoon.status, 409);
  assert.equal((await tooSoon.json()).code, 'line_not_open');

  t.clock.set(new Date(opensAt.getTime() - 5 * MINUTE));
  for (const fan of early) {
    const joined = await line(t, 'POST', show.id, fan);
    assert.equal(joined.status, 200);
    assert.equal(joined.body.status, 'waiting');
    t.clock.advance(1000);
  }
  const places: number[] = [];
  for (const fan of early) places.push((await line(t, 'GET', show.id, fan)).body.place as number);
  // Everyone has a distinct place, and arriving first was no advantage: not arrival order.
  assert.deepEqual(
    [...places].sort((a, b) => a - b),
    early.map((_, i) => i + 1),
  );
  assert.notDeepEqual(
    places,
    early.map((_, i) => i + 1),
  );

  // After the opening: the first two early places are admitted (2 free seats, no margin) by
  // the polls of the pages near the front (told to ask at the opening), and late arrivals queue
  // behind everyone who came early, in the order they came.
  t.clock.set(new Date(opensAt.getTime() + 1000));
  await line(t, 'GET', show.id, early[places.indexOf(1)] as (typeof early)[number]);
  const latePlaces: number[] = [];
  for (const fan of late) {
    latePlaces.push((await line(t, 'POST', show.id, fan)).body.place as number);
    t.clock.advance(1000);
  }
  assert.deepEqual(latePlaces, [29, 30, 31]);
  const first = early[places.indexOf(1)];
  const third = early[places.indexOf(3)];
  assert.ok(first && third);
  const admitted = await line(t, 'GET', show.id, first);
  assert.equal(admitted.body.status, 'admitted');
  assert.equal(typeof admitted.body.admission_token, 'string');
  assert.equal((await line(t, 'GET', show.id, third)).body.place, 1);
});

Deno.test('a customer who leaves the page and comes back keeps their place', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 1 });
  await setSale(t.db, show.id, { highDemand: true });
  const fans = await t.customers(4);
  for (const fan of fans) {
    assert.equal((await line(t, 'POST', show.id, fan)).status, 200);
    t.clock.advance(1000);
  }
  const [first, , third] = fans;
  assert.ok(first && third);
  assert.equal((await line(t, 'GET', show.id, first)).body.status, 'admitted');
  const before = await line(t, 'GET', show.id, third);
  assert.equal(before.body.place, 2);
  assert.ok((before.body.estimated_wait_seconds as number) > 0);

  // Later: more fans arrive, and the third one joins again (a reload, another tab).
  t.clock.advance(30_000);
  const [newcomer] = await t.customers(1, 'later');
  assert.ok(newcomer);
  await line(t, 'POST', show.id, newcomer);
  const again = await line(t, 'POST', show.id, third);
  assert.equal(again.status, 200);
  assert.equal(again.body.place, 2);
  assert.equal((await line(t, 'GET', show.id, third)).body.place, 2);
  const rows = await t.db.query`SELECT 1 FROM sale_line WHERE user_id = ${third.id}`;
  assert.equal(rows.length, 1, 'one place per account');
});

Deno.test('an admitted customer who does not choose in time loses the turn, and the next is admitted', async () => {
  await using t = await createBookingTestApp({
    config: { onsaleAdmitMargin: 0, onsaleAdmissionMinutes: 5 },
  });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  await setSale(t.db, show.id, { highDemand: true });
  const [ana, bea, carl] = await t.customers(3);
  assert.ok(ana && bea && carl);
  for (const fan of [ana, bea, carl]) {
    await line(t, 'POST', show.id, fan);
    t.clock.advance(1000);
  }
  const anaTurn = await line(t, 'GET', show.id, ana);
  assert.equal(anaTurn.body.status, 'admitted');
  assert.equal((await line(t, 'GET', show.id, bea)).body.status, 'admitted');
  assert.equal((await line(t, 'GET', show.id, carl)).body.place, 1);

  // Bea holds a seat in time; Ana does nothing. Five minutes on, Ana's turn is over.
  const held = await t.post(
    '/api/holds/',
    {
      show_id: show.id,
      seat_ids: [show.seat('A1')],
      admission_token: (await line(t, 'GET', show.id, bea)).body.admission_token,
    },
    bea.token,
  );
  assert.equal(held.status, 201);
  t.clock.advance(5 * MINUTE);
  const carlTurn = await line(t, 'GET', show.id, carl);
  assert.equal(carlTurn.body.status, 'admitted');
  assert.equal(typeof carlTurn.body.admission_token, 'string');
  const anaAfter = await line(t, 'GET', show.id, ana);
  assert.equal(anaAfter.body.status, 'expired');
  assert.equal(anaAfter.body.admission_token, null);
  const late = await t.post(
    '/api/holds/',
    {
      show_id: show.id,
      seat_ids: [show.seat('A2')],
      admission_token: anaTurn.body.admission_token,
    },
    ana.token,
  );
  assert.equal(late.status, 403);
  assert.equal((await late.json()).code, 'admission_expired');

  // Joining again puts Ana at the back of the line, not at its head.
  const rejoined = await line(t, 'POST', show.id, ana);
  assert.equal(rejoined.body.status, 'waiting');
  assert.equal(rejoined.body.place, 1);
});

Deno.test('a show that is not high-demand has no line; unknown shows and strangers are refused', async () => {
  await using t = await createBookingTestApp();
  const { show, customer, owner } = await t.scenario();
  const res = await t.request('POST', `/api/onsale/${show.id}/line/`, { token: customer.token });
  assert.equal(res.status, 409);
  assert.equal((await res.json()).code, 'no_waiting_room');
  const missing = await t.request('GET', `/api/onsale/${show.id}/line/`, { token: customer.token });
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).code, 'not_in_line');
  assert.equal(
    (await t.request('POST', `/api/onsale/999999/line/`, { token: customer.token })).status,
    404,
  );
  assert.equal(
    (await t.request('POST', `/api/onsale/${show.id}/line/`, { token: owner.token })).status,
    403,
  );
  assert.equal((await t.request('POST', `/api/onsale/${show.id}/line/`)).status, 401);
});

Deno.test('a customer who leaves the line frees the place, and the next one moves up', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 1 });
  await setSale(t.db, show.id, { highDemand: true });
  const [ana, bea, carl] = await t.customers(3);
  assert.ok(ana && bea && carl);
  for (const fan of [ana, bea, carl]) {
    await line(t, 'POST', show.id, fan);
    t.clock.advance(1000);
  }
  assert.equal((await line(t, 'GET', show.id, carl)).body.place, 2);
  const left = await t.request('DELETE', `/api/onsale/${show.id}/line/`, { token: bea.token });
  assert.equal(left.status, 204);
  assert.equal((await line(t, 'GET', show.id, bea)).body.status, 'left');
  assert.equal((await line(t, 'GET', show.id, carl)).body.place, 1);
  const again = await t.request('DELETE', `/api/onsale/${show.id}/line/`, { token: bea.token });
  assert.equal(again.status, 204);
  const [stranger] = await t.customers(1, 'stranger');
  assert.ok(stranger);
  const never = await t.request('DELETE', `/api/onsale/${show.id}/line/`, {
    token: stranger.token,
  });
  assert.equal(never.status, 404);
  assert.equal((await never.json()).code, 'not_in_line');
});

Deno.test('leaving and joining again before the opening goes to the back, never a new draw', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(t.clock().getTime() + 30 * MINUTE);
  await setSale(t.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  const fans = await t.customers(40, 'early');
  t.clock.set(new Date(opensAt.getTime() - 9 * MINUTE));
  for (const fan of fans) await line(t, 'POST', show.id, fan);
  // Every fan tries their luck once: leave and join again a few minutes before the opening.
  // Each goes behind everyone still holding their drawn place, whatever their first draw was.
  t.clock.set(new Date(opensAt.getTime() - 5 * MINUTE));
  for (const fan of fans.slice(0, 10)) {
    const left = await t.request('DELETE', `/api/onsale/${show.id}/line/`, { token: fan.token });
    assert.equal(left.status, 204);
    assert.equal((await line(t, 'POST', show.id, fan)).body.place, 40);
  }
});
