import assert from 'node:assert/strict';
import { testClock } from '../../testing/app.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { UPCOMING_SHOWS_LIMIT } from './sql.ts';

const HOUR = 3600_000;

Deno.test('upcoming shows are listed soonest first, in local time, with their seat counts', async () => {
  await using t = await createBookingTestApp();
  const { customer, theater, movie, show } = await t.scenario();
  const [screen] = await t.db.query<{ id: number }>`SELECT id FROM screens`;
  // 2026-03-01T10:00Z now; the scenario's show starts a day later: 15:30 in Asia/Kolkata.
  const sooner = await t.show(movie, theater, { startsAt: new Date('2026-03-01T12:30:00Z') });
  await t.show(movie, theater, { startsAt: new Date('2026-03-01T07:00:00Z') }); // started already

  const res = await t.get('/api/shows/', customer.token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), [
    {
      id: sooner.id,
      movie: movie.id,
      movie_name: 'The Long Night',
      theater: theater.id,
      theater_name: theater.name,
      screen: screen?.id,
      screen_name: 'Screen 1',
      date: '2026-03-01',
      start_time: '18:00',
      end_time: '20:00',
      starts_at: '2026-03-01T12:30:00.000Z',
      accessible_release_at: '2026-03-01T10:30:00.000Z',
      min_price: 100,
      max_price: 100,
      total_seats: 96,
      booked_seats: 0,
      available_seats: 96,
    },
    {
      id: show.id,
      movie: movie.id,
      movie_name: 'The Long Night',
      theater: theater.id,
      theater_name: theater.name,
      screen: screen?.id,
      screen_name: 'Screen 1',
      date: '2026-03-02',
      start_time: '15:30',
      end_time: '17:30',
      starts_at: '2026-03-02T10:00:00.000Z',
      accessible_release_at: '2026-03-02T08:00:00.000Z',
      min_price: 100,
      max_price: 100,
      total_seats: 96,
      booked_seats: 0,
      available_seats: 96,
    },
  ]);
});

Deno.test('without page, a customer gets the 200 soonest upcoming shows; a movie’s shows and the pages reach the rest', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner } = await t.scenario();
  const theater = await t.theater(owner, { name: 'Sathyam' });
  const movie = await t.movie(theater, { title: 'Jawan' });
  const other = await t.movie(theater, { title: 'Leo' });
  // 220 more shows three hours apart in another theater (seats are not needed for the list),
  // the last 20 of Leo.
  await t.db.query`
    INSERT INTO shows (movie_id, theater_id, screen_id, starts_at, ends_at, accessible_release_at,
                       total_seats)
    SELECT CASE WHEN i > 200 THEN ${other.id}::bigint ELSE ${movie.id}::bigint END,
           ${theater.id}, (SELECT id FROM screens WHERE theater_id = ${theater.id}),
           ${t.clock()}::timestamptz + i * interval '3 hours' + interval '1 hour',
           ${t.clock()}::timestamptz + i * interval '3 hours' + interval '3 hours',
           ${t.clock()}::timestamptz + i * interval '3 hours' - interval '1 hour', 10
      FROM generate_series(1, 220) i`;
  const [{ upcoming } = { upcoming: 0 }] = await t.db.query<{ upcoming: number }>`
    SELECT count(*)::integer AS upcoming FROM shows WHERE starts_at > ${t.clock()}`;
  assert.equal(upcoming, 221);

  const list = async (path: string) => await (await t.get(path, customer.token)).json();
  const shows: { id: number; starts_at: string }[] = await list('/api/shows/');
  assert.equal(UPCOMING_SHOWS_LIMIT, 200);
  assert.equal(shows.length, 200);
  const soonest = await t.db.query<{ id: number }>`
    SELECT id FROM shows WHERE starts_at > ${t.clock()} ORDER BY starts_at, id LIMIT 200`;
  assert.deepEqual(
    shows.map((s) => s.id),
    soonest.map((s) => s.id),
  );
  // Leo's 20 shows are all later than the first 200, and all there when asked for.
  assert.equal((await list(`/api/shows/?movie=${other.id}`)).length, 20);
  // The pages reach every upcoming show.
  const last = await list('/api/shows/?page=12');
  assert.equal(last.count, 221);
  assert.equal(last.count_exact, true);
  assert.equal(last.results.length, 1);
});

Deno.test('a show that starts late in the evening ends on the next day in local time', async () => {
  await using t = await createBookingTestApp({ config: { appTimezone: 'UTC' } });
  const { customer, theater, movie } = await t.scenario();
  await t.show(movie, theater, { startsAt: new Date('2026-03-03T22:30:00Z'), minutes: 150 });
  const [, late] = await (await t.get('/api/shows/', customer.token)).json();
  assert.deepEqual([late.date, late.start_time, late.end_time], ['2026-03-03', '22:30', '01:00']);
});

Deno.test('the counts reflect live bookings and unexpired holds of anyone', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [bea, carl] = await t.customers(2);
  assert.ok(bea && carl);
  assert.equal(
    (await t.holdAndPay(customer, show.id, [show.seat('A1'), show.seat('A2')])).status,
    201,
  );
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('B1')] },
    bea.token,
  );
  assert.equal(held.status, 201);
  const paid = await (await t.holdAndPay(carl, show.id, [show.seat('C1')])).json();
  const cancel = await t.request('PATCH', `/api/bookings/${paid.tickets[0].id}/cancel/`, {
    token: carl.token,
  });
  assert.equal(cancel.status, 200);

  const counts = async () => {
    const [row] = await (await t.get('/api/shows/', customer.token)).json();
    return [row.total_seats, row.booked_seats, row.available_seats];
  };
  // 2 booked, 1 held, 1 cancelled (free again).
  assert.deepEqual(await counts(), [96, 2, 93]);
  t.clock.advance(10 * 60_000); // Bea's hold expires
  assert.deepEqual(await counts(), [96, 2, 94]);
});

Deno.test('shows can be narrowed to a movie and to a theater', async () => {
  await using t = await createBookingTestApp();
  const { customer, owner, theater, movie, show } = await t.scenario();
  const other = await t.movie(theater, { title: 'Second Feature' });
  const late = await t.show(other, theater, {
    startsAt: new Date(show.startsAt.getTime() + 3 * HOUR),
  });
  const elsewhere = await t.theater(owner, { name: 'INOX Forum' });
  const third = await t.movie(elsewhere, { title: 'Third' });
  const far = await t.show(third, elsewhere);

  const ids = async (query: string) =>
    (await (await t.get(`/api/shows/${query}`, customer.token)).json()).map(
      (s: { id: number }) => s.id,
    );
  // Same start time: by id.
  assert.deepEqual(await ids(''), [show.id, far.id, late.id]);
  assert.deepEqual(await ids(`?movie=${movie.id}`), [show.id]);
  assert.deepEqual(await ids(`?movie=${other.id}`), [late.id]);
  assert.deepEqual(await ids(`?theater=${theater.id}`), [show.id, late.id]);
  assert.deepEqual(await ids(`?theater=${elsewhere.id}`), [far.id]);
  assert.deepEqual(await ids(`?theater=${theater.id}&movie=${third.id}`), []);
  assert.deepEqual(await ids('?movie=12345'), []);
});

Deno.test('bad movie or theater parameters are a 400', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const movie = await t.get('/api/shows/?movie=abc', customer.token);
  assert.equal(movie.status, 400);
  assert.deepEqual((await movie.json()).fields, { movie: 'Invalid movie id.' });
  const theater = await t.get('/api/shows/?theater=-4', customer.token);
  assert.equal(theater.status, 400);
  assert.deepEqual((await theater.json()).fields, { theater: 'Invalid theater id.' });
});

Deno.test('shows need a signed-in user', async () => {
  await using t = await createBookingTestApp();
  assert.equal((await t.get('/api/shows/')).status, 401);
});

Deno.test('with page, an owner gets their theaters’ shows past and upcoming, newest first, with is_past', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const admin = await t.account('root', 'admin');
  const customer = await t.account('ana');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix' });
  const his = await t.theater(oscar, { name: 'Sathyam' });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  const leo = await t.movie(his, { title: 'Leo' });
  const hour = 3600_000;
  const base = t.clock().getTime();
  // 22 shows of Olga's, one a day from two days ago (an hour after the clock's time of day);
  // the first two are past.
  const olgas = [];
  for (let i = 0; i < 22; i++) {
    olgas.push(await t.show(jawan, pvr, { startsAt: new Date(base + (i - 2) * 24 * hour + hour) }));
  }
  await t.show(leo, his, { startsAt: new Date(base + 5 * hour) });

  const first = await (await t.get('/api/shows/?page=1', olga.token)).json();
  assert.equal(first.count, 22);
  assert.equal(first.results.length, 20);
  assert.equal(first.results[0].id, olgas[21]?.id, 'newest first');
  assert.equal(first.results[0].is_past, false);
  const second = await (await t.get('/api/shows/?page=2', olga.token)).json();
  assert.deepEqual(
    second.results.map((s: { id: number; is_past: boolean }) => [s.id, s.is_past]),
    [
      [olgas[1]?.id, true],
      [olgas[0]?.id, true],
    ],
  );
  assert.deepEqual(Object.keys(second.results[0]).sort(), [
    'accessible_release_at',
    'available_seats',
    'booked_seats',
    'date',
    'end_time',
    'id',
    'is_past',
    'max_price',
    'min_price',
    'movie',
    'movie_name',
    'screen',
    'screen_name',
    'start_time',
    'starts_at',
    'theater',
    'theater_name',
    'total_seats',
  ]);
  assert.equal((await (await t.get('/api/shows/?page=1&q=leo', olga.token)).json()).count, 0);
  assert.equal((await (await t.get('/api/shows/?page=1&q=JAW', olga.token)).json()).count, 22);
  assert.equal((await (await t.get('/api/shows/?page=1&q=phoenix', olga.token)).json()).count, 22);
  assert.equal(
    (await (await t.get(`/api/shows/?page=1&theater=${his.id}`, olga.token)).json()).count,
    0,
  );

  const all = await (await t.get('/api/shows/?page=1&page_size=100', admin.token)).json();
  assert.equal(all.count, 23);
  assert.equal((await (await t.get('/api/shows/?page=1&q=sathyam', admin.token)).json()).count, 1);

  // A customer: upcoming only, soonest first; plain without page.
  const upcoming = await (await t.get('/api/shows/?page=1&page_size=3', customer.token)).json();
  assert.equal(upcoming.count, 21);
  assert.deepEqual(
    upcoming.results.map((s: { id: number }) => s.id),
    [olgas[2]?.id, upcoming.results[1].id, olgas[3]?.id],
  );
  assert.equal(upcoming.results[1].movie_name, 'Leo');
  const plain = await (await t.get('/api/shows/', customer.token)).json();
  assert.equal(plain.length, 21);
});

Deno.test('the customer list is one statement once this instance knows its shows, and a new show appears at once', async () => {
  await using t = await createBookingTestApp();
  const { customer, theater, movie, show } = await t.scenario();
  const list = async () => {
    const res = await t.get('/api/shows/', customer.token);
    assert.equal(res.status, 200);
    return (await res.json()) as { id: number; booked_seats: number; available_seats: number }[];
  };
  assert.deepEqual(
    (await list()).map((s) => s.id),
    [show.id],
  );
  t.statements.count = 0;
  await list();
  assert.equal(t.statements.count, 1);
  // Created after the list was read: listed on the next read (its details read once).
  const later = await t.show(movie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 3 * HOUR),
  });
  assert.deepEqual(
    (await list()).map((s) => s.id),
    [show.id, later.id],
  );
  assert.equal((await t.holdAndPay(customer, later.id, [later.seat('A1')])).status, 201);
  await t.settled(); // the confirmation's sender reads the order too
  t.statements.count = 0;
  const [, second] = await list();
  assert.deepEqual([second?.booked_seats, second?.available_seats], [1, 95]);
  assert.equal(t.statements.count, 1);
});

Deno.test('counts written through instance A are in the very next list read through instance B', async () => {
  await using base = await createTestDb();
  await using second = secondPool(base);
  const clock = testClock();
  await using a = await createBookingTestApp({ db: base.db, clock });
  await using b = await createBookingTestApp({
    db: second.db,
    clock,
    config: { jwtSecret: a.config.jwtSecret },
  });
  const { customer, show } = await a.scenario();
  const [bea] = await a.customers(1, 'bea');
  assert.ok(bea);
  const counts = async (path: string) => {
    const body = await (await b.get(path, bea.token)).json();
    const row = Array.isArray(body) ? body[0] : (body.results?.[0] ?? body);
    return [row.booked_seats, row.available_seats];
  };
  for (const path of ['/api/shows/', '/api/shows/?page=1', `/api/shows/${show.id}/`]) {
    assert.deepEqual(await counts(path), [0, 96], path);
  }
  assert.equal(
    (await a.holdAndPay(customer, show.id, [show.seat('A1'), show.seat('A2')])).status,
    201,
  );
  assert.equal(
    (await a.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('B1')] }, bea.token))
      .status,
    201,
  );
  for (const path of ['/api/shows/', '/api/shows/?page=1', `/api/shows/${show.id}/`]) {
    assert.deepEqual(await counts(path), [2, 93], path);
  }
  // Bea's hold lapses with nothing written: the counts are exact at once.
  clock.advance(10 * 60_000);
  for (const path of ['/api/shows/', '/api/shows/?page=1', `/api/shows/${show.id}/`]) {
    assert.deepEqual(await counts(path), [2, 94], path);
  }
});

Deno.test('the show list refuses the access token of a login that ended, paged or not', async () => {
  await using t = await createBookingTestApp();
  const { customer } = await t.scenario();
  assert.equal((await t.get('/api/shows/', customer.token)).status, 200);
  await t.db.query`UPDATE sessions SET revoked_at = ${t.clock()} WHERE user_id = ${customer.id}`;
  for (const path of ['/api/shows/', '/api/shows/?page=1', '/api/shows/?movie=1']) {
    const res = await t.get(path, customer.token);
    assert.equal(res.status, 401, path);
    assert.equal((await res.json()).code, 'token_not_valid');
  }
  await t.db.query`DELETE FROM sessions WHERE user_id = ${customer.id}`;
  assert.equal((await t.get('/api/shows/', customer.token)).status, 401);
});
