import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('an admin lists every booking, newest first, paged and searchable', async () => {
  // One customer with 15 seats of a show: above the default seat limit, which is not tested here.
  await using t = await createBookingTestApp({ config: { maxSeatsPerShow: 15 } });
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const admin = await t.account('root', 'admin');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix', rows: 3, seatsPerRow: 10 });
  const his = await t.theater(oscar, { name: 'Sathyam', rows: 3, seatsPerRow: 10 });
  const show = await t.show(await t.movie(pvr, { title: 'Jawan' }), pvr);
  const hisShow = await t.show(await t.movie(his, { title: 'Leo' }), his);
  const [ana, bea] = await t.customers(2, 'fan');
  if (!ana || !bea) throw new Error('no customers');
  const labels = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10'];
  assert.equal((await t.holdAndPay(ana, show.id, labels.map(show.seat))).status, 201);
  assert.equal(
    (await t.holdAndPay(ana, show.id, ['B1', 'B2', 'B3', 'B4', 'B5'].map(show.seat))).status,
    201,
  );
  assert.equal((await t.holdAndPay(bea, hisShow.id, labels.map(hisShow.seat))).status, 201);

  const first = await (await t.get('/api/bookings/admin/?page=1', admin.token)).json();
  assert.equal(first.count, 25);
  assert.equal(first.results.length, 20);
  assert.equal(first.results[0].user_name, 'fan2', 'newest first');
  const second = await (await t.get('/api/bookings/admin/?page=2', admin.token)).json();
  assert.equal(second.results.length, 5);
  const ids = [...first.results, ...second.results].map((b: { id: number }) => b.id);
  assert.equal(new Set(ids).size, 25);
  assert.deepEqual(
    ids,
    [...ids].sort((a, b) => b - a),
  );

  const search = async (q: string) =>
    (await (await t.get(`/api/bookings/admin/?page=1&q=${q}`, admin.token)).json()).count;
  assert.equal(await search('fan1'), 15);
  assert.equal(await search('LEO'), 10);
  assert.equal(await search('sathyam'), 10);
  assert.equal(await search('nobody'), 0);
});

Deno.test('only admins read bookings/admin/: 403 for customers and owners', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const customer = await t.account('ana');
  for (const who of [customer, owner]) {
    const res = await t.get('/api/bookings/admin/?page=1', who.token);
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, 'permission_denied');
  }
  assert.equal((await t.get('/api/bookings/admin/?page=1')).status, 401);
});
