import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { onPostgresServer } from '../../testing/db.ts';

// The test clock starts at 2026-03-01T10:00Z, 15:30 in Asia/Kolkata (UTC+05:30).
async function owned(rows = 3, seatsPerRow = 4) {
  const t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix', rows, seatsPerRow });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  return { t, olga, pvr, jawan };
}

const at = (movie: number, theater: number, date: string, start: string, end: string) => ({
  movie,
  theater,
  date,
  start_time: start,
  end_time: end,
});

Deno.test('an owner adds a show in local time: 201, stored with its seats from the layout', async () => {
  const { t, olga, pvr, jawan } = await owned(3, 4);
  await using _ = t;
  const res = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:30'),
    olga.token,
  );
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.deepEqual(body, {
    id: body.id,
    movie: jawan.id,
    movie_name: 'Jawan',
    theater: pvr.id,
    theater_name: 'PVR Phoenix',
    // The theater's default screen (docs/decisions/0045-screens-and-seat-layouts.md).
    screen: body.screen,
    screen_name: 'Screen 1',
    date: '2026-03-02',
    start_time: '18:00',
    end_time: '20:30',
    starts_at: '2026-03-02T12:30:00.000Z',
    // Two hours (the screen's accessible_release_minutes) before it starts.
    accessible_release_at: '2026-03-02T10:30:00.000Z',
    min_price: 100,
    max_price: 100,
    total_seats: 12,
    booked_seats: 0,
    available_seats: 12,
  });
  const [show] = await t.db.query<{ starts_at: Date; ends_at: Date; total_seats: number }>`
    SELECT starts_at, ends_at, total_seats FROM shows WHERE id = ${body.id}`;
  assert.deepEqual(show, {
    starts_at: new Date('2026-03-02T12:30:00Z'),
    ends_at: new Date('2026-03-02T15:00:00Z'),
    total_seats: 12,
  });
  const seats = await t.db.query<{ label: string }>`
    SELECT row_label || col AS label FROM seats WHERE show_id = ${body.id} ORDER BY row_label, col`;
  assert.deepEqual(
    seats.map((s) => s.label),
    ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4'],
  );
  // Later today is fine too; the seat map works at once.
  const today = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, '2026-03-01', '16:00', '18:00'),
    olga.token,
  );
  assert.equal(today.status, 201);
  const map = await t.get(`/api/shows/${body.id}/seats/`, olga.token);
  assert.equal((await map.json()).length, 12);
});

Deno.test('a show names another owner in vain', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  const oscar = await t.account('oscar', 'owner');
  const res = await t.post(
    '/api/shows/',
    { ...at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:00'), owner: oscar.id },
    olga.token,
  );
  assert.equal(res.status, 201);
  const rows = await t.db.query`
    SELECT t.owner_id FROM shows s JOIN theaters t ON t.id = s.theater_id`;
  assert.deepEqual(rows, [{ owner_id: olga.id }]);
});

Deno.test('a show’s every field is checked with the form’s messages', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  const base = at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:00');
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [
      {},
      {
        movie: 'Movie is required.',
        theater: 'Theater is required.',
        date: 'Date is required.',
        start_time: 'Start time is required.',
        end_time: 'End time is required.',
      },
    ],
    [{ ...base, movie: '' }, { movie: 'Movie is required.' }],
    [{ ...base, theater: null }, { theater: 'Theater is required.' }],
    [{ ...base, date: ' ' }, { date: 'Date is required.' }],
    [{ ...base, date: '2026-02-30' }, { date: 'Enter a valid date (YYYY-MM-DD).' }],
    [{ ...base, start_time: '' }, { start_time: 'Start time is required.' }],
    [{ ...base, start_time: '25:00' }, { start_time: 'Enter a valid time (HH:MM).' }],
    [{ ...base, end_time: '' }, { end_time: 'End time is required.' }],
    [{ ...base, end_time: '18:00' }, { end_time: 'End time must be after the start time.' }],
    [{ ...base, end_time: '17:00' }, { end_time: 'End time must be after the start time.' }],
  ];
  for (const [body, fields] of cases) {
    const res = await t.post('/api/shows/', body, olga.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error');
    assert.deepEqual(answer.fields, fields, JSON.stringify(body));
  }
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
});

Deno.test('a show cannot start in the past', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  for (const [date, start] of [
    ['2026-03-01', '15:30'], // exactly now
    ['2026-03-01', '10:00'],
    ['2026-02-28', '18:00'],
  ]) {
    const res = await t.post(
      '/api/shows/',
      at(jawan.id, pvr.id, date as string, start as string, '23:00'),
      olga.token,
    );
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      detail: 'The show cannot start in the past.',
      error: 'The show cannot start in the past.',
      code: 'show_in_past',
    });
  }
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
});

Deno.test('the movie must be shown in that theater, and both must be the caller’s', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  const inox = await t.theater(olga, { name: 'INOX' });
  const oscar = await t.account('oscar', 'owner');
  const his = await t.theater(oscar, { name: 'His' });
  const hisMovie = await t.movie(his, { title: 'Leo' });

  const elsewhere = await t.post(
    '/api/shows/',
    at(jawan.id, inox.id, '2026-03-02', '18:00', '20:00'),
    olga.token,
  );
  assert.equal(elsewhere.status, 400);
  assert.deepEqual(await elsewhere.json(), {
    detail: 'This movie is not shown in that theater.',
    error: 'This movie is not shown in that theater.',
    code: 'movie_not_in_theater',
  });

  // Another owner's theater (with its own movie, or with mine): refused as not hers.
  for (const body of [
    at(hisMovie.id, his.id, '2026-03-02', '18:00', '20:00'),
    at(jawan.id, his.id, '2026-03-02', '18:00', '20:00'),
    at(jawan.id, 999999, '2026-03-02', '18:00', '20:00'),
  ]) {
    const res = await t.post('/api/shows/', body, olga.token);
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).fields, { theater: 'Please select a theater.' });
  }
  // Another owner's movie in my theater, or no such movie.
  for (const movie of [hisMovie.id, 999999]) {
    const res = await t.post(
      '/api/shows/',
      at(movie, pvr.id, '2026-03-02', '18:00', '20:00'),
      olga.token,
    );
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).fields, { movie: 'Please select a movie.' });
  }
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
});

Deno.test('an overlapping show in the same theater is a 409; back to back and other theaters are fine', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  const inox = await t.theater(olga, { name: 'INOX' });
  const leo = await t.movie(inox, { title: 'Leo' });
  const post = (body: unknown) => t.post('/api/shows/', body, olga.token);
  assert.equal((await post(at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:00'))).status, 201);
  for (const [start, end] of [
    ['18:00', '20:00'],
    ['19:00', '21:00'],
    ['16:01', '18:01'],
    ['17:00', '21:00'],
  ]) {
    const res = await post(at(jawan.id, pvr.id, '2026-03-02', start as string, end as string));
    assert.equal(res.status, 409, `${start}-${end}`);
    assert.deepEqual(await res.json(), {
      detail: 'Another show is already scheduled in this theater at that time.',
      error: 'Another show is already scheduled in this theater at that time.',
      code: 'show_overlap',
    });
  }
  assert.equal((await post(at(jawan.id, pvr.id, '2026-03-02', '20:00', '22:00'))).status, 201);
  assert.equal((await post(at(jawan.id, pvr.id, '2026-03-02', '16:00', '18:00'))).status, 201);
  assert.equal((await post(at(leo.id, inox.id, '2026-03-02', '18:00', '20:00'))).status, 201);
  const [{ n }] = (await t.db.query<{ n: number }>`SELECT count(*) AS n FROM shows`) as [
    { n: number },
  ];
  assert.equal(n, 4);
  // The refused ones left no seats behind.
  const [{ seats }] = (await t.db.query<{
    seats: number;
  }>`SELECT count(*) AS seats FROM seats`) as [{ seats: number }];
  assert.equal(seats, 3 * 12 + 8 * 12, 'three shows of 3 x 4 seats, one of 8 x 12');
});

Deno.test(`two overlapping shows created at once: exactly one 201 and one 409, never a 500 (${onPostgresServer ? 'PostgreSQL server' : 'PGlite'})`, async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  // Twenty rounds: a deadlock between the two inserts showed up within a few on a server.
  const rounds = 20;
  for (let round = 0; round < rounds; round++) {
    const date = `2026-0${3 + Math.floor(round / 10)}-1${round % 10}`;
    const results = await Promise.all([
      t.post('/api/shows/', at(jawan.id, pvr.id, date, '18:00', '20:00'), olga.token),
      t.post('/api/shows/', at(jawan.id, pvr.id, date, '19:00', '21:00'), olga.token),
    ]);
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 409], `round ${round}`);
    for (const r of results) await r.body?.cancel();
  }
  const [{ n }] = (await t.db.query<{ n: number }>`SELECT count(*) AS n FROM shows`) as [
    { n: number },
  ];
  assert.equal(n, rounds);
  assert.deepEqual(t.logger.errors, []);
});

Deno.test('only owners add shows', async () => {
  const { t, pvr, jawan } = await owned();
  await using _ = t;
  for (const role of ['user', 'admin'] as const) {
    const who = await t.account(`someone_${role}`, role);
    const res = await t.post(
      '/api/shows/',
      at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:00'),
      who.token,
    );
    assert.equal(res.status, 403);
  }
  assert.equal(
    (await t.post('/api/shows/', at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:00'))).status,
    401,
  );
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
});

Deno.test('a show’s date must be a real one from 1900 to 2100, never a 500', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  for (const date of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
    const res = await t.post(
      '/api/shows/',
      at(jawan.id, pvr.id, date, '18:00', '20:00'),
      olga.token,
    );
    assert.equal(res.status, 400, date);
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error', date);
    assert.deepEqual(answer.fields, { date: 'Enter a date from 1900 to 2100.' }, date);
  }
  const nul = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, '2026-03-02\u0000', '18:00\u0000', '20:00'),
    olga.token,
  );
  assert.equal(nul.status, 400);
  assert.deepEqual((await nul.json()).fields, {
    date: 'Enter a valid date (YYYY-MM-DD).',
    start_time: 'Enter a valid time (HH:MM).',
  });
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
});

Deno.test('a show starts at most a year ahead', async () => {
  const { t, olga, pvr, jawan } = await owned();
  await using _ = t;
  // A year after the clock is 2027-03-01 15:30 local.
  for (const [date, start, end] of [
    ['2027-03-01', '16:00', '18:00'],
    ['2027-03-02', '10:00', '12:00'],
    ['2100-12-31', '10:00', '12:00'],
  ]) {
    const res = await t.post(
      '/api/shows/',
      at(jawan.id, pvr.id, date as string, start as string, end as string),
      olga.token,
    );
    assert.equal(res.status, 400, date);
    assert.deepEqual(await res.json(), {
      detail: 'A show can be scheduled at most a year ahead.',
      error: 'A show can be scheduled at most a year ahead.',
      code: 'show_too_far_ahead',
      fields: { date: 'A show can be scheduled at most a year ahead.' },
    });
  }
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
  const last = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, '2027-03-01', '13:00', '15:00'),
    olga.token,
  );
  assert.equal(last.status, 201);
});

Deno.test('a show is at least as long as its movie', async () => {
  const { t, olga, pvr, jawan } = await owned(); // Jawan runs 120 minutes.
  await using _ = t;
  const short = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, '2026-03-02', '18:00', '19:59'),
    olga.token,
  );
  assert.equal(short.status, 400);
  assert.deepEqual(await short.json(), {
    detail: 'The show must be at least as long as the movie (120 minutes).',
    error: 'The show must be at least as long as the movie (120 minutes).',
    code: 'validation_error',
    fields: { end_time: 'The show must be at least as long as the movie (120 minutes).' },
  });
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
  const exact = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, '2026-03-02', '18:00', '20:00'),
    olga.token,
  );
  assert.equal(exact.status, 201);
});
