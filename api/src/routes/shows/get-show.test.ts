import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('one show is read with its movie, theater, local times and counts', async () => {
  await using t = await createBookingTestApp();
  const { customer, theater, movie, show } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('D4')])).status, 201);
  const res = await t.get(`/api/shows/${show.id}/`, customer.token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    id: show.id,
    movie: movie.id,
    movie_name: 'The Long Night',
    theater: theater.id,
    theater_name: theater.name,
    screen: show.screenId,
    screen_name: 'Screen 1',
    date: '2026-03-02',
    start_time: '15:30',
    end_time: '17:30',
    starts_at: '2026-03-02T10:00:00.000Z',
    accessible_release_at: '2026-03-02T08:00:00.000Z',
    min_price: 100,
    max_price: 100,
    total_seats: 96,
    booked_seats: 1,
    available_seats: 95,
    is_past: false,
    movie_poster: null,
  });
});

Deno.test('a show that has started is still readable, marked is_past', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  t.clock.set(show.startsAt);
  const res = await t.get(`/api/shows/${show.id}`, customer.token);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).is_past, true);
});

Deno.test('an unknown show is a 404 and a malformed id a 400', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const missing = await t.get('/api/shows/4242/', customer.token);
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), {
    detail: 'Show not found.',
    error: 'Show not found.',
    code: 'not_found',
  });
  for (const bad of ['abc', '0', '-3', '2.5', '123456789012345678901']) {
    const res = await t.get(`/api/shows/${bad}/`, customer.token);
    assert.equal(res.status, 400, bad);
    assert.deepEqual(await res.json(), {
      detail: 'Invalid id.',
      error: 'Invalid id.',
      code: 'validation_error',
      fields: { id: 'Invalid id.' },
    });
  }
});

Deno.test('a show needs a signed-in user', async () => {
  await using t = await createBookingTestApp();
  assert.equal((await t.get('/api/shows/1/')).status, 401);
});

Deno.test('an owner reads their own shows; another owner’s show is a 404', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const oscar = await t.account('oscar', 'owner');
  const admin = await t.account('root', 'admin');
  for (const who of [owner, customer, admin]) {
    assert.equal((await t.get(`/api/shows/${show.id}/`, who.token)).status, 200);
  }
  const res = await t.get(`/api/shows/${show.id}/`, oscar.token);
  assert.equal(res.status, 404);
  assert.equal((await res.json()).detail, 'Show not found.');
});
