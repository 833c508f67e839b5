import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

// The test clock starts at 2026-03-01T10:00Z, 15:30 in Asia/Kolkata (UTC+05:30): the default
// range is 2026-01-30 to 2026-03-31.
async function sales() {
  const t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const admin = await t.account('root', 'admin');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix', rows: 2, seatsPerRow: 5 });
  const inox = await t.theater(olga, { name: 'INOX Forum', rows: 1, seatsPerRow: 4 });
  const sathyam = await t.theater(oscar, { name: 'Sathyam', rows: 2, seatsPerRow: 2 });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  const dunki = await t.movie(pvr, { title: 'Dunki' });
  const leo = await t.movie(inox, { title: 'Leo' });
  const vikram = await t.movie(sathyam, { title: 'Vikram' });
  const s1 = await t.show(jawan, pvr, { startsAt: new Date('2026-03-02T12:30:00Z') }); // 03-02 18:00
  const s4 = await t.show(vikram, sathyam, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const s3 = await t.show(leo, inox, { startsAt: new Date('2026-03-02T15:30:00Z') }); // 21:00
  // 01:00 on 2026-03-03 local, still 2026-03-02 in UTC: counted on the local date.
  const s2 = await t.show(dunki, pvr, { startsAt: new Date('2026-03-02T19:30:00Z') });
  const s5 = await t.show(jawan, pvr, { startsAt: new Date('2026-05-15T12:30:00Z') }); // out of range
  const [ana, bea] = await t.customers(2, 'fan');
  if (!ana || !bea) throw new Error('no customers');

  const paid = async (who: typeof ana, show: typeof s1, labels: string[]) =>
    assert.equal((await t.holdAndPay(who, show.id, labels.map(show.seat))).status, 201);
  await paid(ana, s1, ['A1', 'A2', 'A3']);
  const direct = await t.post(
    '/api/bookings/',
    { movie_id: jawan.id, theater_id: pvr.id, show_id: s1.id, row: 'B', column: 1 },
    bea.token,
  );
  assert.equal(direct.status, 201);
  const { id: cancelled } = await direct.json();
  const cancel = await t.request('PATCH', `/api/bookings/${cancelled}/cancel/`, {
    token: bea.token,
  });
  assert.equal(cancel.status, 200);
  await paid(bea, s2, ['A1']);
  await paid(ana, s3, ['A1', 'A2']);
  await paid(ana, s4, ['A1']);
  await paid(ana, s5, ['A1', 'A2', 'A3', 'A4']);
  return {
    t,
    olga,
    oscar,
    admin,
    ana,
    pvr,
    inox,
    sathyam,
    jawan,
    dunki,
    leo,
    vikram,
    s1,
    s2,
    s3,
    s4,
    s5,
  };
}

const fig = (
  shows: number | null,
  sold: number,
  cancelled: number,
  capacity: number,
  { checkedIn = 0, noShows = 0 } = {},
) => ({
  ...(shows === null ? {} : { shows }),
  tickets_sold: sold,
  cancellations: cancelled,
  revenue: sold * 100,
  capacity,
  occupancy: capacity === 0 ? 0 : sold / capacity,
  checked_in: checkedIn,
  no_shows: noShows,
});

Deno.test('an admin’s report counts the bookings made, per theater, movie, show and local day', async () => {
  const x = await sales();
  await using _ = x.t;
  const res = await x.t.get('/api/reports/', x.admin.token);
  assert.equal(res.status, 200);
  const report = await res.json();
  assert.deepEqual(report, {
    from: '2026-01-30',
    to: '2026-03-31',
    show_count: 4,
    movie_count: 4,
    totals: fig(null, 7, 1, 28),
    by_theater: [
      { theater_id: x.inox.id, theater_name: 'INOX Forum', ...fig(1, 2, 0, 4) },
      { theater_id: x.pvr.id, theater_name: 'PVR Phoenix', ...fig(2, 4, 1, 20) },
      { theater_id: x.sathyam.id, theater_name: 'Sathyam', ...fig(1, 1, 0, 4) },
    ],
    by_movie: [
      {
        movie_id: x.dunki.id,
        movie_name: 'Dunki',
        theater_name: 'PVR Phoenix',
        ...fig(1, 1, 0, 10),
      },
      {
        movie_id: x.jawan.id,
        movie_name: 'Jawan',
        theater_name: 'PVR Phoenix',
        ...fig(1, 3, 1, 10),
      },
      { movie_id: x.leo.id, movie_name: 'Leo', theater_name: 'INOX Forum', ...fig(1, 2, 0, 4) },
      { movie_id: x.vikram.id, movie_name: 'Vikram', theater_name: 'Sathyam', ...fig(1, 1, 0, 4) },
    ],
    by_show: [
      {
        show_id: x.s1.id,
        movie_name: 'Jawan',
        theater_name: 'PVR Phoenix',
        screen_name: 'Screen 1',
        date: '2026-03-02',
        start_time: '18:00',
        ...fig(null, 3, 1, 10),
      },
      {
        show_id: x.s4.id,
        movie_name: 'Vikram',
        theater_name: 'Sathyam',
        screen_name: 'Screen 1',
        date: '2026-03-02',
        start_time: '18:00',
        ...fig(null, 1, 0, 4),
      },
      {
        show_id: x.s3.id,
        movie_name: 'Leo',
        theater_name: 'INOX Forum',
        screen_name: 'Screen 1',
        date: '2026-03-02',
        start_time: '21:00',
        ...fig(null, 2, 0, 4),
      },
      {
        show_id: x.s2.id,
        movie_name: 'Dunki',
        theater_name: 'PVR Phoenix',
        screen_name: 'Screen 1',
        date: '2026-03-03',
        start_time: '01:00',
        ...fig(null, 1, 0, 10),
      },
    ],
    by_day: [
      { date: '2026-03-02', tickets_sold: 6, cancellations: 1, revenue: 600 },
      { date: '2026-03-03', tickets_sold: 1, cancellations: 0, revenue: 100 },
    ],
  });
  // Matches what the database holds.
  const [live] = await x.t.db.query<{ n: number }>`
    SELECT count(*) AS n FROM bookings b JOIN shows s ON s.id = b.show_id
     WHERE NOT b.is_cancelled AND s.id <> ${x.s5.id}`;
  assert.equal(live?.n, report.totals.tickets_sold);
});

Deno.test('an owner’s report covers their own theaters only', async () => {
  const x = await sales();
  await using _ = x.t;
  const report = await (await x.t.get('/api/reports/', x.olga.token)).json();
  assert.deepEqual(report.totals, fig(null, 6, 1, 24));
  assert.deepEqual(
    report.by_theater.map((r: { theater_name: string }) => r.theater_name),
    ['INOX Forum', 'PVR Phoenix'],
  );
  assert.ok(!report.by_movie.some((r: { movie_name: string }) => r.movie_name === 'Vikram'));
  assert.ok(!report.by_show.some((r: { show_id: number }) => r.show_id === x.s4.id));
  assert.deepEqual(report.by_day[0], {
    date: '2026-03-02',
    tickets_sold: 5,
    cancellations: 1,
    revenue: 500,
  });
  const his = await (await x.t.get('/api/reports/', x.oscar.token)).json();
  assert.deepEqual(his.totals, fig(null, 1, 0, 4));
});

Deno.test('the range is inclusive and by local show date', async () => {
  const x = await sales();
  await using _ = x.t;
  const day3 = await (
    await x.t.get('/api/reports/?from=2026-03-03&to=2026-03-03', x.admin.token)
  ).json();
  assert.deepEqual(day3.totals, fig(null, 1, 0, 10));
  assert.deepEqual(
    day3.by_show.map((r: { show_id: number }) => r.show_id),
    [x.s2.id],
  );
  const may = await (
    await x.t.get('/api/reports/?from=2026-05-01&to=2026-05-31', x.admin.token)
  ).json();
  assert.deepEqual(may.totals, fig(null, 4, 0, 10));
  // Only a start: up to 30 days after today.
  const from = await (await x.t.get('/api/reports/?from=2026-03-03', x.admin.token)).json();
  assert.equal(from.to, '2026-03-31');
  assert.equal(from.totals.tickets_sold, 1);
  const none = await (
    await x.t.get('/api/reports/?from=2025-01-01&to=2025-01-31', x.admin.token)
  ).json();
  assert.deepEqual(none, {
    from: '2025-01-01',
    to: '2025-01-31',
    show_count: 0,
    movie_count: 0,
    totals: fig(null, 0, 0, 0),
    by_theater: [],
    by_movie: [],
    by_show: [],
    by_day: [],
  });
});

Deno.test('a reversed range or a bad date is a 400', async () => {
  await using t = await createBookingTestApp();
  const admin = await t.account('root', 'admin');
  const reversed = await t.get('/api/reports/?from=2026-03-10&to=2026-03-09', admin.token);
  assert.equal(reversed.status, 400);
  assert.deepEqual(await reversed.json(), {
    detail: 'The start date must not be after the end date.',
    error: 'The start date must not be after the end date.',
    code: 'invalid_range',
  });
  for (const [query, field] of [
    ['from=2026-13-01', 'from'],
    ['to=2026-02-30', 'to'],
    ['from=yesterday', 'from'],
  ]) {
    const res = await t.get(`/api/reports/?${query}`, admin.token);
    assert.equal(res.status, 400, query);
    assert.deepEqual((await res.json()).fields, {
      [field as string]: 'Enter a valid date (YYYY-MM-DD).',
    });
  }
});

Deno.test('customers get 403 for reports; no token 401', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const res = await t.get('/api/reports/', customer.token);
  assert.equal(res.status, 403);
  assert.equal((await res.json()).detail, 'You do not have permission to perform this action.');
  assert.equal((await t.get('/api/reports/')).status, 401);
});

Deno.test('the report is one SQL statement after the user', async () => {
  const x = await sales();
  await using _ = x.t;
  x.t.statements.count = 0;
  assert.equal((await x.t.get('/api/reports/', x.admin.token)).status, 200);
  assert.equal(x.t.statements.count, 2);
});

Deno.test('report dates outside 1900..2100 or with NUL are a 400 naming the field, never a 500', async () => {
  await using t = await createBookingTestApp();
  const admin = await t.account('root', 'admin');
  for (const [query, field, message] of [
    ['from=0000-01-01', 'from', 'Enter a date from 1900 to 2100.'],
    ['from=1899-12-31&to=2026-01-01', 'from', 'Enter a date from 1900 to 2100.'],
    ['to=2101-01-01', 'to', 'Enter a date from 1900 to 2100.'],
    ['to=9999-12-31', 'to', 'Enter a date from 1900 to 2100.'],
    ['from=2026-01-01%00', 'from', 'Enter a valid date (YYYY-MM-DD).'],
  ]) {
    const res = await t.get(`/api/reports/?${query}`, admin.token);
    assert.equal(res.status, 400, query);
    assert.deepEqual((await res.json()).fields, { [field as string]: message }, query);
  }
  const widest = await t.get('/api/reports/?from=1900-01-01&to=2100-12-31', admin.token);
  assert.equal(widest.status, 200);
});

Deno.test('the report counts tickets checked in and no-shows (live, not checked in, show started)', async () => {
  const x = await sales();
  await using _ = x.t;
  const codes = async (showId: number) =>
    (
      await x.t.db.query<{ code: string; label: string }>`
        SELECT b.code, se.row_label || se.col AS label
          FROM bookings b JOIN seats se ON se.id = b.seat_id
         WHERE b.show_id = ${showId} AND NOT b.is_cancelled ORDER BY label`
    ).map((r) => r.code);
  // s1 (Jawan, 18:00 local on 03-02): A1 and A2 of A1..A3 come in; s3 (21:00): nobody yet.
  x.t.clock.set(new Date('2026-03-02T12:00:00Z'));
  for (const code of (await codes(x.s1.id)).slice(0, 2)) {
    const res = await x.t.post('/api/tickets/check-in/', { code }, x.olga.token);
    assert.equal(res.status, 200);
  }
  // Before s1 starts nobody is a no-show yet.
  const before = await (await x.t.get('/api/reports/', x.admin.token)).json();
  assert.deepEqual([before.totals.checked_in, before.totals.no_shows], [2, 0]);
  // Once s1 and s4 (18:00) have started: s1's third ticket and s4's one are no-shows; s3 (21:00)
  // and s2 (01:00 next day) have none yet.
  x.t.clock.set(new Date('2026-03-02T13:00:00Z'));
  const report = await (await x.t.get('/api/reports/', x.admin.token)).json();
  assert.deepEqual(report.totals, fig(null, 7, 1, 28, { checkedIn: 2, noShows: 2 }));
  const byShow = Object.fromEntries(
    report.by_show.map((r: { show_id: number; checked_in: number; no_shows: number }) => [
      r.show_id,
      [r.checked_in, r.no_shows],
    ]),
  );
  assert.deepEqual(byShow, {
    [x.s1.id]: [2, 1],
    [x.s4.id]: [0, 1],
    [x.s3.id]: [0, 0],
    [x.s2.id]: [0, 0],
  });
  const pvr = report.by_theater.find((r: { theater_id: number }) => r.theater_id === x.pvr.id);
  assert.deepEqual([pvr.checked_in, pvr.no_shows], [2, 1]);
  const jawan = report.by_movie.find((r: { movie_id: number }) => r.movie_id === x.jawan.id);
  assert.deepEqual([jawan.checked_in, jawan.no_shows], [2, 1]);
  // The owner's own report: Sathyam (s4) is Oscar's.
  const olgas = await (await x.t.get('/api/reports/', x.olga.token)).json();
  assert.deepEqual([olgas.totals.checked_in, olgas.totals.no_shows], [2, 1]);
});
