import assert from 'node:assert/strict';
import { line, setSale } from '../../onsale/testing.ts';
import { createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;

Deno.test('the owner reads how many wait on each of their shows’ waitlist and line, and nobody else’s', async () => {
  await using t = await createBookingTestApp();
  const {
    owner,
    theater,
    movie,
    show,
    customer: ana,
  } = await t.scenario({
    rows: 1,
    seatsPerRow: 2,
  });
  const onsale = await t.show(movie, theater, {
    startsAt: new Date(t.clock().getTime() + 86_400_000 * 2),
  });
  const [bea, carl, dan] = await t.customers(3);
  assert.ok(bea && carl && dan);

  // The first show sold out: Bea and Carl wait on its waitlist, Dan joined and left.
  assert.equal((await t.holdAndPay(ana, show.id, [show.seat('A1'), show.seat('A2')])).status, 201);
  for (const who of [bea, carl, dan]) {
    const res = await t.post(`/api/onsale/${show.id}/waitlist/`, { seats: 1 }, who.token);
    assert.equal(res.status, 200);
  }
  const left = await t.request('DELETE', `/api/onsale/${show.id}/waitlist/`, { token: dan.token });
  assert.equal(left.status, 204);
  // The second is high-demand, its sales open in 5 minutes: three fans already wait in line.
  await setSale(t.db, onsale.id, {
    salesOpenAt: new Date(t.clock().getTime() + 5 * MINUTE),
    highDemand: true,
  });
  for (const who of [bea, carl, dan]) {
    assert.equal((await line(t, 'POST', onsale.id, who)).status, 200);
  }
  // Another owner's show.
  const other = await t.account('owner2', 'owner');
  const otherTheater = await t.theater(other);
  const otherShow = await t.show(await t.movie(otherTheater), otherTheater);

  const ids = [show.id, onsale.id, otherShow.id, 999].join(',');
  const mine = await t.get(`/api/onsale/lengths/?ids=${ids}`, owner.token);
  assert.equal(mine.status, 200);
  assert.deepEqual(await mine.json(), {
    items: [
      { show_id: show.id, waitlist_length: 2, line_length: null },
      { show_id: onsale.id, waitlist_length: 0, line_length: 3 },
    ],
  });
  const admin = await t.account('admin1', 'admin');
  const all = await (await t.get(`/api/onsale/lengths/?ids=${ids}`, admin.token)).json();
  assert.deepEqual(
    all.items.map((i: { show_id: number }) => i.show_id),
    [show.id, onsale.id, otherShow.id],
  );

  const customer = await t.get(`/api/onsale/lengths/?ids=${show.id}`, ana.token);
  assert.equal(customer.status, 403);
  for (const bad of [
    '',
    'abc',
    '0',
    '1,,2',
    Array.from({ length: 101 }, (_, i) => i + 1).join(','),
  ]) {
    const res = await t.get(`/api/onsale/lengths/?ids=${bad}`, owner.token);
    assert.equal(res.status, 400, bad);
    assert.equal((await res.json()).code, 'validation_error');
  }
  assert.equal((await t.get('/api/onsale/lengths/', owner.token)).status, 400);
});
