// The report reads each show's figures from its row (migration 0014), kept by the transactions
// that book, cancel and check in (booking/sql.ts recordSeatChange). These tests hold it to a count
// from scratch over the bookings, after every kind of write, racing ones from two API instances
// included; and bound what a long range lists.
import assert from 'node:assert/strict';
import type { Queryable } from '../../db/db.ts';
import { testClock } from '../../testing/app.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { REPORT_TOP_ROWS } from './schemas.ts';

const TZ = 'Asia/Kolkata';
const PRICE = 100;

interface TruthShow {
  show_id: number;
  theater_id: number;
  theater_name: string;
  owner_id: number;
  movie_id: number;
  movie_name: string;
  date: string;
  start_time: string;
  starts_at: Date;
  total_seats: number;
  sold: number;
  cancelled: number;
  checked_in: number;
}

/** Every show with its figures counted from scratch over its bookings: the truth. */
function truthShows(q: Queryable): Promise<TruthShow[]> {
  return q.query<TruthShow>`
    SELECT s.id AS show_id, s.theater_id, t.name AS theater_name, t.owner_id,
           s.movie_id, m.title AS movie_name,
           to_char(s.starts_at AT TIME ZONE ${TZ}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${TZ}, 'HH24:MI') AS start_time,
           s.starts_at, s.total_seats,
           (SELECT count(*) FROM bookings b
             WHERE b.show_id = s.id AND NOT b.is_cancelled)::integer AS sold,
           (SELECT count(*) FROM bookings b
             WHERE b.show_id = s.id AND b.is_cancelled)::integer AS cancelled,
           (SELECT count(*) FROM bookings b
             WHERE b.show_id = s.id AND NOT b.is_cancelled
               AND b.checked_in_at IS NOT NULL)::integer AS checked_in
      FROM shows s
      JOIN theaters t ON t.id = s.theater_id
      JOIN movies m ON m.id = s.movie_id
     ORDER BY s.starts_at, s.id`;
}

function figures(shows: TruthShow[], now: Date) {
  const sum = (f: (s: TruthShow) => number) => shows.reduce((n, s) => n + f(s), 0);
  const sold = sum((s) => s.sold);
  const capacity = sum((s) => s.total_seats);
  return {
    tickets_sold: sold,
    cancellations: sum((s) => s.cancelled),
    revenue: sold * PRICE,
    capacity,
    occupancy: capacity === 0 ? 0 : sold / capacity,
    checked_in: sum((s) => s.checked_in),
    no_shows: sum((s) => (s.starts_at <= now ? s.sold - s.checked_in : 0)),
  };
}

function first<T>(items: readonly T[]): T {
  const item = items[0];
  if (item === undefined) throw new Error('empty');
  return item;
}

function groupBy<K>(shows: TruthShow[], key: (s: TruthShow) => K): Map<K, TruthShow[]> {
  const groups = new Map<K, TruthShow[]>();
  for (const s of shows) groups.set(key(s), [...(groups.get(key(s)) ?? []), s]);
  return groups;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The report the API must answer, built in JS from the truth (every list short of the cap). */
function expectedReport(
  all: TruthShow[],
  r: { from: string; to: string; ownerId: number | null; now: Date },
) {
  const shows = all.filter(
    (s) => s.date >= r.from && s.date <= r.to && (r.ownerId === null || s.owner_id === r.ownerId),
  );
  const theaters = [...groupBy(shows, (s) => s.theater_id).values()]
    .map((g) => ({
      theater_id: first(g).theater_id,
      theater_name: first(g).theater_name,
      shows: g.length,
      ...figures(g, r.now),
    }))
    .sort((a, b) => byText(a.theater_name, b.theater_name) || a.theater_id - b.theater_id);
  const movies = [...groupBy(shows, (s) => s.movie_id).values()]
    .map((g) => ({
      movie_id: first(g).movie_id,
      movie_name: first(g).movie_name,
      theater_name: first(g).theater_name,
      shows: g.length,
      ...figures(g, r.now),
    }))
    .sort(
      (a, b) =>
        byText(a.movie_name, b.movie_name) ||
        byText(a.theater_name, b.theater_name) ||
        a.movie_id - b.movie_id,
    );
  const days = [...groupBy(shows, (s) => s.date).entries()]
    .map(([date, g]) => {
      const f = figures(g, r.now);
      return {
        date,
        tickets_sold: f.tickets_sold,
        cancellations: f.cancellations,
        revenue: f.revenue,
      };
    })
    .sort((a, b) => byText(a.date, b.date));
  return {
    from: r.from,
    to: r.to,
    show_count: shows.length,
    movie_count: movies.length,
    totals: figures(shows, r.now),
    by_theater: theaters,
    by_movie: movies,
    by_show: shows.map((s) => ({
      show_id: s.show_id,
      movie_name: s.movie_name,
      theater_name: s.theater_name,
      date: s.date,
      start_time: s.start_time,
      ...figures([s], r.now),
    })),
    by_day: days,
  };
}

Deno.test('after holds, payments, cancellations, lapses, check-ins and races from two API instances, the report equals a count over the bookings', async () => {
  await using base = await createTestDb();
  await using second = secondPool(base);
  // 2026-03-01T10:00Z, 15:30 in Asia/Kolkata.
  const clock = testClock();
  await using a = await createBookingTestApp({ db: base.db, clock });
  await using b = await createBookingTestApp({
    db: second.db,
    clock,
    config: { jwtSecret: a.config.jwtSecret },
  });
  const olga = await a.account('olga', 'owner');
  const oscar = await a.account('oscar', 'owner');
  const admin = await a.account('root', 'admin');
  const alpha = await a.theater(olga, { name: 'Alpha Screens', rows: 3, seatsPerRow: 8 });
  const beta = await a.theater(olga, { name: 'Beta Cinema', rows: 2, seatsPerRow: 5 });
  const gamma = await a.theater(oscar, { name: 'Gamma Talkies', rows: 2, seatsPerRow: 4 });
  const jawan = await a.movie(alpha, { title: 'Jawan' });
  const dunki = await a.movie(alpha, { title: 'Dunki' });
  const leo = await a.movie(beta, { title: 'Leo' });
  const vikram = await a.movie(gamma, { title: 'Vikram' });
  // s1 and s2 start within the hour (their doors are open); s3 and s4 tomorrow; s5 at 01:00
  // local on 03-04 (03-03 in UTC), counted on its local date.
  const s1 = await a.show(jawan, alpha, { startsAt: new Date('2026-03-01T10:30:00Z') });
  const s2 = await a.show(leo, beta, { startsAt: new Date('2026-03-01T10:45:00Z') });
  const s3 = await a.show(dunki, alpha, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const s4 = await a.show(vikram, gamma, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const s5 = await a.show(jawan, alpha, { startsAt: new Date('2026-03-03T19:30:00Z') });
  const fans = await a.customers(40, 'fan');
  const fan = (i: number): Account => {
    const f = fans[i];
    if (!f) throw new Error(`no fan ${i}`);
    return f;
  };
  const via = (i: number): BookingTestApp => (i % 2 === 0 ? a : b);
  const direct = (
    i: number,
    show: typeof s1,
    movie: { id: number },
    theaterId: number,
    label: string,
  ) =>
    via(i).post(
      '/api/bookings/',
      {
        movie_id: movie.id,
        theater_id: theaterId,
        show_id: show.id,
        row: label.slice(0, 1),
        column: Number(label.slice(1)),
      },
      fan(i).token,
    );
  const cancel = (i: number, bookingId: number) =>
    via(i + 1).request('PATCH', `/api/bookings/${bookingId}/cancel/`, { token: fan(i).token });

  // One at a time: payments through holds, single-seat bookings, a released hold, a lapsed one.
  for (const [i, show, labels] of [
    [0, s1, ['A1', 'A2', 'A3']],
    [1, s1, ['B1']],
    [2, s2, ['A1', 'A2']],
    [3, s3, ['A1', 'A2', 'A3', 'A4']],
    [4, s4, ['A1']],
    [5, s5, ['C6']],
  ] as const) {
    const res = await via(i).holdAndPay(fan(i), show.id, labels.map(show.seat));
    assert.equal(res.status, 201, `fan${i + 1}`);
  }
  const single = await direct(6, s4, vikram, gamma.id, 'B4');
  assert.equal(single.status, 201);
  const released = await (
    await b.post('/api/holds/', { show_id: s3.id, seat_ids: [s3.seat('C1')] }, fan(7).token)
  ).json();
  assert.equal(
    (await a.request('DELETE', `/api/holds/${released.id}/`, { token: fan(7).token })).status,
    204,
  );
  const lapsing = await a.post(
    '/api/holds/',
    { show_id: s3.id, seat_ids: [s3.seat('C2')] },
    fan(8).token,
  );
  assert.equal(lapsing.status, 201);
  clock.advance(11 * 60_000); // 10:11Z: the hold has lapsed; C2 is free for anyone
  assert.equal((await direct(9, s3, dunki, alpha.id, 'C2')).status, 201);
  assert.equal((await cancel(6, (await single.json()).id)).status, 200);

  // Racing: 24 customers for 12 seats of s3 (two for each seat, one through each instance), and
  // four more paying for two seats each of s5, all at once.
  const seatOfPair = (k: number) => {
    const pair = Math.floor(k / 2);
    return `${pair % 2 === 0 ? 'B' : 'C'}${3 + Math.floor(pair / 2)}`;
  };
  const [raced, paid] = await Promise.all([
    Promise.all(
      Array.from({ length: 24 }, (_, k) => direct(10 + k, s3, dunki, alpha.id, seatOfPair(k))),
    ),
    Promise.all(
      [34, 35, 36, 37].map((i, k) => {
        const row = k < 2 ? 'A' : 'B';
        const col = 2 * (k % 2) + 1;
        return via(i).holdAndPay(fan(i), s5.id, [
          s5.seat(`${row}${col}`),
          s5.seat(`${row}${col + 1}`),
        ]);
      }),
    ),
  ]);
  const won = raced.filter((r) => r.status === 201);
  assert.equal(won.length, 12);
  assert.ok(raced.every((r) => r.status === 201 || r.status === 409));
  assert.deepEqual(
    paid.map((r) => r.status),
    [201, 201, 201, 201],
  );
  // Racing: cancellations of half the winners, new bookings of other seats of s3, and check-ins
  // at both doors (each of s1's codes scanned twice at once, through both instances).
  const cancels = await Promise.all(
    won
      .filter((_, k) => k % 2 === 0)
      .map(async (r) => {
        const { id } = await r.json();
        const [row] = await a.db.query<{ user_id: number }>`
          SELECT user_id FROM bookings WHERE id = ${id}`;
        return { fan: fans.findIndex((f) => f.id === row?.user_id), id: id as number };
      }),
  );
  const codes = async (showId: number) =>
    (
      await a.db.query<{ code: string }>`
        SELECT code FROM bookings WHERE show_id = ${showId} AND NOT is_cancelled ORDER BY id`
    ).map((r) => r.code);
  const s1Codes = await codes(s1.id);
  const s2Codes = await codes(s2.id);
  const [cancelled, booked, s1Doors, s2Door] = await Promise.all([
    Promise.all(cancels.map((c) => cancel(c.fan, c.id))),
    Promise.all([38, 39].map((i, k) => direct(i, s3, dunki, alpha.id, `A${5 + k}`))),
    Promise.all(
      s1Codes.flatMap((code) => [
        a.post('/api/tickets/check-in/', { code }, olga.token),
        b.post('/api/tickets/check-in/', { code }, admin.token),
      ]),
    ),
    b.post('/api/tickets/check-in/', { code: s2Codes[0] }, olga.token),
  ]);
  assert.deepEqual(
    cancelled.map((r) => r.status),
    cancels.map(() => 200),
  );
  assert.deepEqual(
    booked.map((r) => r.status),
    [201, 201],
  );
  assert.equal(s1Codes.length, 4);
  assert.equal(s1Doors.filter((r) => r.status === 200).length, 4);
  assert.equal(s1Doors.filter((r) => r.status === 409).length, 4);
  assert.equal(s2Door.status, 200);

  // s1 has started (10:35Z), s2 (10:45Z) not yet: s1's ticket not checked in is a no-show.
  clock.set(new Date('2026-03-01T10:35:00Z'));
  const now = clock();
  const truth = await truthShows(a.db);

  // The figures every write keeps on the show's row are the counts from scratch.
  const stored = await a.db.query<{
    id: number;
    booked_seats: number;
    cancelled_bookings: number;
    checked_in_seats: number;
  }>`SELECT id, booked_seats, cancelled_bookings, checked_in_seats FROM shows ORDER BY starts_at, id`;
  assert.deepEqual(
    stored,
    truth.map((s) => ({
      id: s.show_id,
      booked_seats: s.sold,
      cancelled_bookings: s.cancelled,
      checked_in_seats: s.checked_in,
    })),
  );
  // Something of each kind happened.
  assert.ok(truth.some((s) => s.cancelled > 0) && truth.some((s) => s.checked_in > 0));

  for (const [who, ownerId, query, from, to] of [
    [admin, null, '', '2026-01-30', '2026-03-31'],
    [olga, olga.id, '', '2026-01-30', '2026-03-31'],
    [oscar, oscar.id, '', '2026-01-30', '2026-03-31'],
    [admin, null, '?from=2026-03-02&to=2026-03-03', '2026-03-02', '2026-03-03'],
    [olga, olga.id, '?from=2026-03-04&to=2026-03-04', '2026-03-04', '2026-03-04'],
  ] as const) {
    for (const app of [a, b]) {
      const res = await app.get(`/api/reports/${query}`, who.token);
      assert.equal(res.status, 200);
      assert.deepEqual(
        await res.json(),
        expectedReport(truth, { from, to, ownerId, now }),
        `${who.username} ${query}`,
      );
    }
  }
});

Deno.test('a long range lists the 200 best-selling movies and shows, and counts all of them', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const admin = await t.account('root', 'admin');
  const theater = await t.theater(owner, { name: 'Alpha Screens', rows: 1, seatsPerRow: 2 });
  const count = REPORT_TOP_ROWS + 5;
  // `count` movies 'Movie 001'.., one show each, three hours apart from tomorrow, with seats.
  await t.db.query`
    WITH new_movies AS (
      INSERT INTO movies (theater_id, owner_id, title, description, duration_minutes, language,
                          release_date)
      SELECT ${theater.id}, ${owner.id}, 'Movie ' || lpad(i::text, 3, '0'), 'A film.', 120,
             'Hindi', '2026-01-15'
        FROM generate_series(1, ${count}::integer) AS i
      RETURNING id, title
    ), new_shows AS (
      INSERT INTO shows (movie_id, theater_id, starts_at, ends_at, total_seats)
      SELECT id, ${theater.id},
             timestamptz '2026-03-02T00:00:00Z' + (substr(title, 7)::integer * interval '3 hours'),
             timestamptz '2026-03-02T02:00:00Z' + (substr(title, 7)::integer * interval '3 hours'),
             2
        FROM new_movies
      RETURNING id
    )
    INSERT INTO seats (show_id, row_label, col)
    SELECT id, 'A', c FROM new_shows CROSS JOIN generate_series(1, 2) AS c`;
  const shows = await t.db.query<{ id: number; title: string }>`
    SELECT s.id, m.title FROM shows s JOIN movies m ON m.id = s.movie_id ORDER BY s.starts_at`;
  const fans = await t.customers(6, 'fan');
  const seatsOf = async (showId: number) =>
    (
      await t.db.query<{ id: number }>`SELECT id FROM seats WHERE show_id = ${showId} ORDER BY id`
    ).map((r) => r.id);
  // The five latest shows sell out (2 each), the third sells one: all six are in the top;
  // of the rest (none sold) the earliest are, and the five before the sold-out ones are not.
  const latest = shows.slice(-5);
  for (const [k, show] of latest.entries()) {
    const fan = first(fans.slice(k));
    assert.equal((await t.holdAndPay(fan, show.id, await seatsOf(show.id))).status, 201);
  }
  const third = first(shows.slice(2));
  const sixth = first(fans.slice(5));
  const oneSeat = (await seatsOf(third.id)).slice(0, 1);
  assert.equal((await t.holdAndPay(sixth, third.id, oneSeat)).status, 201);
  const left = shows.slice(REPORT_TOP_ROWS - 5, REPORT_TOP_ROWS).map((s) => s.id);

  for (const who of [admin, owner]) {
    const report = await (await t.get('/api/reports/', who.token)).json();
    assert.equal(report.show_count, count);
    assert.equal(report.movie_count, count);
    assert.equal(report.totals.tickets_sold, 11);
    assert.equal(report.totals.capacity, 2 * count);
    assert.deepEqual(
      report.by_theater.map((r: { shows: number }) => r.shows),
      [count],
    );
    const listed: number[] = report.by_show.map((r: { show_id: number }) => r.show_id);
    assert.equal(listed.length, REPORT_TOP_ROWS);
    // Listed by start, without the five unsold shows that came latest before the sold-out ones.
    assert.deepEqual(
      listed,
      shows.map((s) => s.id).filter((id) => !left.includes(id)),
    );
    const titles: string[] = report.by_movie.map((r: { movie_name: string }) => r.movie_name);
    assert.equal(titles.length, REPORT_TOP_ROWS);
    assert.deepEqual(
      titles,
      shows.filter((s) => !left.includes(s.id)).map((s) => s.title),
    );
    assert.equal(report.by_movie.at(-1).tickets_sold, 2);
  }
  // A range of one day lists all of that day's shows.
  const day = await (
    await t.get('/api/reports/?from=2026-03-03&to=2026-03-03', admin.token)
  ).json();
  assert.equal(day.by_show.length, day.show_count);
  assert.ok(day.show_count > 0);
});
