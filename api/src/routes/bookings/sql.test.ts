import assert from 'node:assert/strict';
import { isUniqueViolation } from '../../db/errors.ts';
import { searchPattern } from '../../http/pagination.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { pageBookings } from './sql.ts';

Deno.test('the database itself refuses a second live booking of a seat', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const seat = show.seat('A1');
  const insert = () => t.db.query`
    INSERT INTO bookings (user_id, show_id, seat_id, price, created_at)
    VALUES (${customer.id}, ${show.id}, ${seat}, 100, ${t.clock()})`;
  await insert();
  await assert.rejects(insert(), (e) => isUniqueViolation(e, 'bookings_live_seat_key'));
  // Once cancelled, the seat can be booked again.
  await t.db.query`
    UPDATE bookings SET is_cancelled = true, cancelled_at = ${t.clock()} WHERE seat_id = ${seat}`;
  await insert();
  assert.equal((await t.liveBookings(show.id)).length, 1);
});

Deno.test('a booking’s seat must be a seat of its show', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, movie, theater } = await t.scenario();
  const other = await t.show(movie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 5 * 3600_000),
  });
  await assert.rejects(
    t.db.query`
      INSERT INTO bookings (user_id, show_id, seat_id, price, created_at)
      VALUES (${customer.id}, ${show.id}, ${other.seat('A1')}, 100, ${t.clock()})`,
    (e) => (e as { code?: string }).code === '23503',
  );
});

Deno.test('every booking carries its booker’s, movie’s and theater’s names for search, set by the database', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, movie, theater } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  // Inserted directly too: the trigger, not the API, fills it.
  await t.db.query`
    INSERT INTO bookings (user_id, show_id, seat_id, price, created_at)
    VALUES (${customer.id}, ${show.id}, ${show.seat('A2')}, 100, ${t.clock()})`;
  const rows = await t.db.query<{ search_text: string }>`
    SELECT search_text FROM bookings WHERE show_id = ${show.id} ORDER BY id`;
  const expected = `${customer.username}\u001f${movie.title}\u001f${theater.name}`;
  assert.deepEqual(
    rows.map((r) => r.search_text),
    [expected, expected],
  );
});

Deno.test('booking pages: a capped count, a deep page, a page past the end, search and the owner’s scope', async () => {
  // One customer with 15 seats of a show: above the default seat limit, which is not tested here.
  await using t = await createBookingTestApp({ config: { maxSeatsPerShow: 15 } });
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const mine = await t.theater(olga, { name: 'PVR 100%_Phoenix', rows: 3, seatsPerRow: 10 });
  const his = await t.theater(oscar, { name: 'Sathyam', rows: 3, seatsPerRow: 10 });
  const show = await t.show(await t.movie(mine, { title: 'Jawan' }), mine);
  const hisShow = await t.show(await t.movie(his, { title: 'Leo' }), his);
  const [ana, bea] = await t.customers(2, 'fan');
  if (!ana || !bea) throw new Error('no customers');
  const row = (letter: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${letter}${i + 1}`);
  for (const labels of [row('A', 10), row('B', 5)]) {
    t.clock.advance(60_000);
    assert.equal((await t.holdAndPay(ana, show.id, labels.map(show.seat))).status, 201);
  }
  t.clock.advance(60_000);
  assert.equal((await t.holdAndPay(bea, hisShow.id, row('A', 10).map(hisShow.seat))).status, 201);

  const page = (filter: Partial<Parameters<typeof pageBookings>[1]>) =>
    pageBookings(t.db, {
      ownerId: null,
      pattern: null,
      tz: 'Asia/Kolkata',
      limit: 20,
      offset: 0,
      countCap: 10_001,
      ...filter,
    });
  const ids = (rows: { id: number | null }[]) => rows.map((r) => r.id);

  const all = await page({ limit: null, countCap: null });
  assert.equal(all.length, 25);
  assert.equal(all[0]?.total_count, 25);
  const newestFirst = ids(all);
  assert.deepEqual(
    all.map((r) => r.created_at.getTime()),
    all.map((r) => r.created_at.getTime()).sort((a, b) => b - a),
  );

  // Counting stops at the cap; the page is the same either way.
  const capped = await page({ countCap: 11 });
  assert.equal(capped[0]?.total_count, 11);
  assert.deepEqual(ids(capped), newestFirst.slice(0, 20));
  // A deep page, and a page past the end: one row of nulls carrying the count.
  assert.deepEqual(ids(await page({ limit: 10, offset: 20 })), newestFirst.slice(20));
  const past = await page({ offset: 40 });
  assert.deepEqual(ids(past), [null]);
  assert.equal(past[0]?.total_count, 25);

  // Search: booker, movie, theater, with % and _ taken literally, case-insensitive.
  const count = async (q: string, ownerId: number | null = null) =>
    (await page({ pattern: searchPattern(q), ownerId }))[0]?.total_count;
  assert.equal(await count('FAN1'), 15);
  assert.equal(await count('leo'), 10);
  assert.equal(await count('sathyam'), 10);
  assert.equal(await count('100%_p'), 15);
  assert.equal(await count('100%xp'), 0);
  assert.equal(await count('nobody'), 0);
  // The names are kept apart: no match across the end of one and the start of the next.
  assert.equal(await count('fan1Jawan'), 0);
  // The owner's scope, with and without a search.
  assert.equal(await count('fan', olga.id), 15);
  assert.equal(await count('leo', olga.id), 0);
  assert.equal((await page({ ownerId: oscar.id }))[0]?.total_count, 10);
});
