import assert from 'node:assert/strict';
import { line, setSale } from '../../onsale/testing.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';

/** Every waiting fan's answered place against the count of waiting rows ahead in SQL. */
async function placesMatchSql(t: BookingTestApp, showId: number, fans: Account[]) {
  const places: number[] = [];
  for (const fan of fans) {
    const { body } = await line(t, 'GET', showId, fan);
    const [sql] = await t.db.query<{ place: number | null }>`
      SELECT CASE WHEN l.admitted_at IS NULL AND l.left_at IS NULL THEN (
               SELECT count(*)::integer + 1 FROM sale_line o
                WHERE o.show_id = l.show_id AND o.admitted_at IS NULL AND o.left_at IS NULL
                  AND (o.sort_key, o.seq) < (l.sort_key, l.seq)) END AS place
        FROM sale_line l WHERE l.show_id = ${showId} AND l.user_id = ${fan.id}`;
    assert.equal(body.place, sql?.place ?? null, `fan ${fan.username}`);
    if (body.place !== null) places.push(body.place);
  }
  assert.deepEqual(
    places.sort((a, b) => a - b),
    places.map((_, i) => i + 1),
  );
  return places.length;
}

Deno.test('places answered from memory match the SQL count as fans join, are admitted and leave', async () => {
  await using t = await createBookingTestApp({
    config: { onsaleAdmitMargin: 0, onsaleAdmissionMinutes: 5 },
  });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 3 });
  await setSale(t.db, show.id, { highDemand: true });
  const fans = await t.customers(24);
  // Joins closer together than the line's refresh: each counted at once by this instance.
  for (const fan of fans) {
    assert.equal((await line(t, 'POST', show.id, fan)).status, 200);
    t.clock.advance(100);
  }
  assert.equal(await placesMatchSql(t, show.id, fans), 21, 'three admitted, 21 waiting');

  for (const i of [4, 10, 23]) {
    const fan = fans[i] as Account;
    assert.equal(
      (await t.request('DELETE', `/api/onsale/${show.id}/line/`, { token: fan.token })).status,
      204,
    );
  }
  assert.equal(await placesMatchSql(t, show.id, fans), 18, 'three left, at the same instant');

  // An admitted fan gives the turn back: a second on, the next is admitted.
  const [first] = fans;
  assert.ok(first);
  await t.request('DELETE', `/api/onsale/${show.id}/line/`, { token: first.token });
  t.clock.advance(1000);
  assert.equal(await placesMatchSql(t, show.id, fans), 17);
  // The admissions run out unused: the next three are admitted.
  t.clock.advance(5 * 60_000);
  assert.equal(await placesMatchSql(t, show.id, fans), 14);
});

Deno.test('another instance’s joins show in this one’s places within a second', async () => {
  await using a = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  await using b = await createBookingTestApp({
    db: a.db,
    clock: a.clock,
    // Same secret: a token minted by one instance is good at the other, as in the cluster.
    config: { onsaleAdmitMargin: 0, jwtSecret: a.config.jwtSecret },
  });
  const { show } = await a.scenario({ rows: 1, seatsPerRow: 1 });
  await setSale(a.db, show.id, { highDemand: true });
  const [admitted, x, y, z] = await a.customers(4);
  assert.ok(admitted && x && y && z);
  await line(a, 'POST', show.id, admitted);
  assert.equal((await line(a, 'POST', show.id, x)).body.place, 1);
  a.clock.advance(100);
  assert.equal((await line(b, 'POST', show.id, y)).body.place, 2);
  a.clock.advance(100);
  // Instance a read the line 200 ms ago and has not heard of y yet.
  assert.equal((await line(a, 'POST', show.id, z)).body.place, 2);
  a.clock.advance(1000);
  assert.equal((await line(a, 'GET', show.id, z)).body.place, 3);
  assert.equal((await line(b, 'GET', show.id, z)).body.place, 3);
});

Deno.test('a sold-out show’s line says so, and pages near the front poll sooner', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(t.clock().getTime() + 60_000);
  await setSale(t.db, show.id, { highDemand: true, salesOpenAt: opensAt });
  const fans = await t.customers(5);
  t.clock.set(new Date(opensAt.getTime() - 3000));
  for (const fan of fans) await line(t, 'POST', show.id, fan);
  // Before the opening, the first two places (one batch: two seats) ask again at the opening;
  // the next batch every 5 seconds; the rest, a batch's admission time (5 minutes) or more
  // away, every 30 seconds.
  const before = await Promise.all(fans.map((fan) => line(t, 'GET', show.id, fan)));
  assert.deepEqual(before.map((r) => [r.body.place, r.body.poll_after_seconds]).sort(), [
    [1, 3],
    [2, 3],
    [3, 5],
    [4, 5],
    [5, 30],
  ]);

  // One after the other: a poll sent while another runs the admission answers the line as it
  // was (the next poll, a second later, tells the turn).
  t.clock.set(opensAt);
  const answers = [];
  for (const fan of fans) answers.push(await line(t, 'GET', show.id, fan));
  const turns = answers.flatMap((r, i) => (r.body.status === 'admitted' ? [i] : []));
  assert.equal(turns.length, 2);
  const waiting = answers.findIndex((r) => r.body.place === 1);
  const next = fans[waiting] as Account;
  assert.equal(answers[waiting]?.body.poll_after_seconds, 1);
  assert.equal(answers[waiting]?.body.sold_out, false);

  // The two admitted fans hold a seat each: not sold out while the holds are pending.
  const holds: { fan: Account; id: number }[] = [];
  for (const [k, i] of turns.entries()) {
    const fan = fans[i] as Account;
    const held = await t.post(
      '/api/holds/',
      {
        show_id: show.id,
        seat_ids: [show.seat(`A${k + 1}`)],
        admission_token: answers[i]?.body.admission_token,
      },
      fan.token,
    );
    assert.equal(held.status, 201);
    holds.push({ fan, id: (await held.json()).id });
  }
  t.clock.advance(1000);
  assert.equal((await line(t, 'GET', show.id, next)).body.sold_out, false);
  for (const { fan, id } of holds) {
    const paid = await t.post(`/api/holds/${id}/confirm/`, undefined, fan.token, {
      'Idempotency-Key': crypto.randomUUID(),
    });
    assert.equal(paid.status, 201);
  }
  t.clock.advance(1000);
  const soldOut = await line(t, 'GET', show.id, next);
  assert.equal(soldOut.body.status, 'waiting');
  assert.equal(soldOut.body.sold_out, true);
  assert.equal(soldOut.body.poll_after_seconds, 60);
  const [newcomer] = await t.customers(1, 'newcomer');
  assert.ok(newcomer);
  assert.equal((await line(t, 'POST', show.id, newcomer)).body.sold_out, true);
});
