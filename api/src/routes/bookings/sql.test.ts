import assert from 'node:assert/strict';
import { isUniqueViolation } from '../../db/errors.ts';
import { createBookingTestApp } from '../../testing/booking.ts';

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
