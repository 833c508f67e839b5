// A long range lists at most REPORT_TOP_ROWS movies and shows, the best-selling ones, and still
// counts all of them.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { first } from './get-report-figures.testing.ts';
import { REPORT_TOP_ROWS } from './schemas.ts';

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
      INSERT INTO shows (movie_id, theater_id, screen_id, starts_at, ends_at,
                         accessible_release_at, total_seats)
      SELECT id, ${theater.id}, (SELECT id FROM screens WHERE theater_id = ${theater.id}),
             timestamptz '2026-03-02T00:00:00Z' + (substr(title, 7)::integer * interval '3 hours'),
             timestamptz '2026-03-02T02:00:00Z' + (substr(title, 7)::integer * interval '3 hours'),
             timestamptz '2026-03-02T00:00:00Z' + (substr(title, 7)::integer * interval '3 hours'),
             2
        FROM new_movies
      RETURNING id
    )
    INSERT INTO seats (show_id, row_label, col, row_pos, x)
    SELECT id, 'A', c, 1, c FROM new_shows CROSS JOIN generate_series(1, 2) AS c`;
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
