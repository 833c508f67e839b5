import assert from 'node:assert/strict';
import { sqlState } from '../../db/errors.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { insertShow, localTimeToInstant } from './sql.ts';

Deno.test('a new show gets one seat per place of its theater’s layout', async () => {
  await using t = await createBookingTestApp();
  const { show } = await t.scenario({ rows: 3, seatsPerRow: 5 });
  assert.deepEqual(Object.keys(show.seats).sort(), [
    'A1',
    'A2',
    'A3',
    'A4',
    'A5',
    'B1',
    'B2',
    'B3',
    'B4',
    'B5',
    'C1',
    'C2',
    'C3',
    'C4',
    'C5',
  ]);
});

Deno.test('two shows in one theater cannot overlap; back to back is fine', async () => {
  await using t = await createBookingTestApp();
  const { theater, movie, show } = await t.scenario();
  const at = (minutes: number) => new Date(show.startsAt.getTime() + minutes * 60_000);
  const insert = (from: number, to: number) =>
    insertShow(t.db, {
      movieId: movie.id,
      theaterId: theater.id,
      startsAt: at(from),
      endsAt: at(to),
      now: t.clock(),
    });
  await assert.rejects(insert(60, 180), (e) => sqlState(e) === '23P01');
  await assert.rejects(insert(-30, 10), (e) => sqlState(e) === '23P01');
  await insert(120, 240); // the scenario's show ends at +120
  // A show must end after it starts.
  await assert.rejects(insert(300, 300), (e) => sqlState(e) === '23514');
});

Deno.test('a show plays in its movie’s theater', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  const elsewhere = await t.theater(owner, { name: 'Elsewhere' });
  await assert.rejects(t.show(movie, elsewhere), (e) => sqlState(e) === '23503');
});

Deno.test('a wall-clock time in the product time zone becomes the right instant', async () => {
  await using t = await createBookingTestApp();
  const at = await localTimeToInstant(t.db, {
    date: '2026-11-21',
    time: '18:00',
    tz: 'Asia/Kolkata',
  });
  assert.equal(at.toISOString(), '2026-11-21T12:30:00.000Z');
});
