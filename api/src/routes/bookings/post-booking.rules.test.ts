// The spec's per-seat POST bookings/ on a drawn screen (docs/decisions/0045-screens-and-seat-
// layouts.md): blocked seats are never sold, wheelchair spaces and companion seats only after the show's
// accessible_release_at (before it they go through holds, where the rules run), and each
// booking costs its seat's price. The stranded-seat rule does not apply (one call per seat).
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import {
  blocked,
  companion,
  type Layout,
  layoutShow,
  seat,
  wheelchair,
} from '../../testing/layouts.ts';

const LAYOUT: Layout = {
  categories: [
    { name: 'Standard', price: 100 },
    { name: 'Premium', price: 180 },
  ],
  rows: [
    {
      label: 'A',
      cells: [seat(), blocked(), seat(), wheelchair('Premium'), companion('Premium'), seat()],
    },
  ],
};

Deno.test('POST bookings/ refuses a blocked seat: 409 seat_not_bookable, nothing booked', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { theater, show } = await layoutShow(t, owner, LAYOUT);
  const res = await t.post(
    '/api/bookings/',
    { movie_id: show.movieId, theater_id: theater.id, show_id: show.id, row: 'A', column: 2 },
    ana.token,
  );
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    code: 'seat_not_bookable',
    detail: 'This seat cannot be booked.',
    error: 'This seat cannot be booked.',
  });
  assert.deepEqual(await t.liveBookings(show.id), []);
  // The seat beside it is sold as asked, at its price.
  const a1 = await t.post(
    '/api/bookings/',
    { movie_id: show.movieId, theater_id: theater.id, show_id: show.id, row: 'A', column: 1 },
    ana.token,
  );
  assert.equal(a1.status, 201);
  assert.equal((await a1.json()).total_price, 100);
});

Deno.test('POST bookings/ of a wheelchair space or companion seat: 409 accessible_seat_held_back before the release, 201 at its price after', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { theater, show, releaseAt } = await layoutShow(t, owner, LAYOUT);
  const book = (column: number) =>
    t.post(
      '/api/bookings/',
      { movie_id: show.movieId, theater_id: theater.id, show_id: show.id, row: 'A', column },
      ana.token,
    );
  t.clock.set(new Date(releaseAt.getTime() - 60_000));
  const space = await book(4);
  assert.equal(space.status, 409);
  assert.deepEqual(await space.json(), {
    code: 'accessible_seat_held_back',
    detail:
      'Wheelchair space A4 is kept for customers who need a wheelchair space until shortly before the show. Please choose another seat.',
    error:
      'Wheelchair space A4 is kept for customers who need a wheelchair space until shortly before the show. Please choose another seat.',
    accessible_release_at: releaseAt.toISOString(),
  });
  const seatBeside = await book(5);
  assert.equal(seatBeside.status, 409);
  assert.equal((await seatBeside.json()).code, 'accessible_seat_held_back');
  assert.deepEqual(await t.liveBookings(show.id), []);

  t.clock.set(releaseAt);
  const later = await book(5);
  assert.equal(later.status, 201);
  assert.equal((await later.json()).total_price, 180);
  const [stored] = await t.db.query<{ price: number }>`SELECT price FROM bookings`;
  assert.equal(stored?.price, 180);
});
