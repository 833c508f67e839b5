import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

async function twoOwners() {
  const t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix', rows: 3, seatsPerRow: 10 });
  const his = await t.theater(oscar, { name: 'Sathyam', rows: 2, seatsPerRow: 2 });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  const leo = await t.movie(his, { title: 'Leo' });
  // 2026-03-02 18:00 in Asia/Kolkata.
  const show = await t.show(jawan, pvr, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const hisShow = await t.show(leo, his);
  const [ana, bea] = await t.customers(2, 'fan');
  if (!ana || !bea) throw new Error('no customers');
  return { t, olga, oscar, pvr, his, show, hisShow, ana, bea };
}

Deno.test('an owner lists the bookings on their theaters, newest first, with who booked them', async () => {
  const { t, olga, pvr, show, hisShow, ana, bea } = await twoOwners();
  await using _ = t;
  assert.equal((await t.holdAndPay(ana, show.id, [show.seat('A1'), show.seat('A2')])).status, 201);
  const direct = await t.post(
    '/api/bookings/',
    { movie_id: show.movieId, theater_id: pvr.id, show_id: show.id, row: 'B', column: 3 },
    bea.token,
  );
  assert.equal(direct.status, 201);
  const beaTicket = await direct.json();
  const cancel = await t.request('PATCH', `/api/bookings/${beaTicket.id}/cancel/`, {
    token: bea.token,
  });
  assert.equal(cancel.status, 200);
  // On the other owner's theater: never in Olga's list.
  assert.equal((await t.holdAndPay(ana, hisShow.id, [hisShow.seat('A1')])).status, 201);

  const res = await t.get('/api/bookings/owner/?page=1', olga.token);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.count, 3);
  assert.equal(body.page, 1);
  assert.equal(body.page_size, 20);
  const [first, second, third] = body.results;
  assert.deepEqual(first, {
    id: beaTicket.id,
    user_name: 'fan2',
    movie_name: 'Jawan',
    theater_name: 'PVR Phoenix',
    seat: { id: show.seat('B3'), row: 'B', column: 3 },
    show: 'Jawan · Mon, 02 Mar 2026 · 18:00',
    show_id: show.id,
    date: '2026-03-02',
    time: '18:00',
    total_price: 100,
    is_cancelled: true,
    created_at: '2026-03-01T10:00:00.000Z',
  });
  assert.deepEqual(
    [second.user_name, second.seat.column, third.user_name, third.seat.column],
    ['fan1', 2, 'fan1', 1],
  );

  const search = async (q: string) =>
    (await (await t.get(`/api/bookings/owner/?page=1&q=${q}`, olga.token)).json()).count;
  assert.equal(await search('FAN2'), 1);
  assert.equal(await search('jawan'), 3);
  assert.equal(await search('phoenix'), 3);
  assert.equal(await search('leo'), 0);
  assert.equal(await search('sathyam'), 0);
  const page2 = await (await t.get('/api/bookings/owner/?page=2&page_size=2', olga.token)).json();
  assert.equal(page2.count, 3);
  assert.deepEqual(
    page2.results.map((b: { id: number }) => b.id),
    [third.id],
  );
  // Without page: a plain array.
  const plain = await (await t.get('/api/bookings/owner/', olga.token)).json();
  assert.equal(plain.length, 3);
});

Deno.test('an owner cannot read another owner’s bookings; an owner with none gets none', async () => {
  const { t, oscar, olga, show, ana } = await twoOwners();
  await using _ = t;
  assert.equal((await t.holdAndPay(ana, show.id, [show.seat('A1')])).status, 201);
  const his = await (await t.get('/api/bookings/owner/?page=1', oscar.token)).json();
  assert.deepEqual(his, { results: [], count: 0, count_exact: true, page: 1, page_size: 20 });
  assert.equal((await (await t.get('/api/bookings/owner/?page=1', olga.token)).json()).count, 1);
});

Deno.test('only owners read bookings/owner/: 403 for customers and admins', async () => {
  const { t, ana } = await twoOwners();
  await using _ = t;
  const admin = await t.account('root', 'admin');
  for (const who of [ana, admin]) {
    const res = await t.get('/api/bookings/owner/?page=1', who.token);
    assert.equal(res.status, 403);
    assert.equal((await res.json()).detail, 'You do not have permission to perform this action.');
  }
  assert.equal((await t.get('/api/bookings/owner/?page=1')).status, 401);
});
