// Shows on the screens of a multiplex (docs/decisions/0045-screens-and-seat-layouts.md): overlap
// per screen, seats drawn from the screen's layout, the show's new fields in every list and the
// seat map in layout order.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { drawnLayout } from '../../testing/layouts.ts';

// The test clock starts at 2026-03-01T10:00Z, 15:30 in Asia/Kolkata (UTC+05:30).
const at = (movie: number, theater: number, extra: Record<string, unknown> = {}) => ({
  movie,
  theater,
  date: '2026-03-02',
  start_time: '19:00',
  end_time: '21:30',
  ...extra,
});

// Row B: three Standard seats (testing/layouts.ts drawnLayout).
const LAYOUT = drawnLayout(3);

async function multiplex() {
  const t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix', rows: 3, seatsPerRow: 4 });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  const screen1 = (await (await t.get(`/api/screens/?theater=${pvr.id}`, olga.token)).json())
    .results[0];
  const added = await t.post(
    '/api/screens/',
    { theater: pvr.id, name: 'Screen 2', layout: LAYOUT, accessible_release_minutes: 60 },
    olga.token,
  );
  assert.equal(added.status, 201);
  const screen2 = await added.json();
  return { t, olga, pvr, jawan, screen1, screen2 };
}

Deno.test('two shows at 7 pm on two screens of one theater are both 201; on one screen the second is a 409', async () => {
  const { t, olga, pvr, jawan, screen1, screen2 } = await multiplex();
  await using _ = t;
  const first = await t.post('/api/shows/', at(jawan.id, pvr.id), olga.token);
  assert.equal(first.status, 201);
  assert.equal((await first.json()).screen, screen1.id, 'without `screen`: the first screen');
  const second = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, { screen: screen2.id }),
    olga.token,
  );
  assert.equal(second.status, 201);
  assert.equal((await second.json()).screen_name, 'Screen 2');
  // On Screen 2 again, half an hour later: overlaps.
  const again = await t.post(
    '/api/shows/',
    at(jawan.id, pvr.id, { screen: String(screen2.id), start_time: '19:30', end_time: '22:00' }),
    olga.token,
  );
  assert.equal(again.status, 409);
  assert.deepEqual(await again.json(), {
    detail: 'Another show is already scheduled in this theater at that time.',
    error: 'Another show is already scheduled in this theater at that time.',
    code: 'show_overlap',
  });
  const rows = await t.db.query<{ screen_id: number }>`
    SELECT screen_id FROM shows ORDER BY id`;
  assert.deepEqual(
    rows.map((r) => r.screen_id),
    [screen1.id, screen2.id],
  );
});

Deno.test('a screen of another theater, or no screen at all, is a 400 on the field screen', async () => {
  const { t, olga, pvr, jawan } = await multiplex();
  await using _ = t;
  const inox = await t.theater(olga, { name: 'INOX' });
  const [inoxScreen] = (await (await t.get(`/api/screens/?theater=${inox.id}`, olga.token)).json())
    .results;
  const oscar = await t.account('oscar', 'owner');
  const his = await t.theater(oscar, { name: 'His' });
  const [hisScreen] = (await (await t.get(`/api/screens/?theater=${his.id}`, oscar.token)).json())
    .results;
  for (const screen of [inoxScreen.id, hisScreen.id, 999999, 'abc', -1, 1.5]) {
    const res = await t.post('/api/shows/', at(jawan.id, pvr.id, { screen }), olga.token);
    assert.equal(res.status, 400, String(screen));
    const body = await res.json();
    assert.equal(body.code, 'validation_error');
    assert.deepEqual(body.fields, { screen: 'Please select a screen of this theater.' });
  }
  assert.deepEqual(await t.db.query`SELECT id FROM shows`, []);
});

Deno.test('a show’s seats are its screen’s layout: places, kinds, prices; blocked seats are not counted', async () => {
  const { t, olga, pvr, jawan, screen2 } = await multiplex();
  await using _ = t;
  const res = await t.post('/api/shows/', at(jawan.id, pvr.id, { screen: screen2.id }), olga.token);
  assert.equal(res.status, 201);
  const show = await res.json();
  assert.equal(show.total_seats, 6, 'seven seats, one blocked');
  assert.equal(show.available_seats, 6);
  assert.equal(show.min_price, 150);
  assert.equal(show.max_price, 400);
  // 19:00 in Kolkata is 13:30Z; the screen releases accessible seats an hour before.
  assert.equal(show.starts_at, '2026-03-02T13:30:00.000Z');
  assert.equal(show.accessible_release_at, '2026-03-02T12:30:00.000Z');

  const map = await t.get(`/api/shows/${show.id}/seats/`, olga.token);
  assert.equal(map.status, 200);
  const seats = await map.json();
  assert.deepEqual(
    seats.map((s: Record<string, unknown>) => [
      s.label,
      s.row_pos,
      s.x,
      s.kind,
      s.category,
      s.price,
      s.partner_x,
      s.status,
    ]),
    [
      ['A1', 1, 1, 'seat', 'Recliner', 400, null, 'available'],
      ['A2', 1, 3, 'wheelchair', 'Standard', 150, 4, 'available'],
      ['A3', 1, 4, 'companion', 'Standard', 150, 3, 'available'],
      ['A4', 1, 5, 'blocked', 'Standard', 150, null, 'available'],
      ['B1', 2, 1, 'seat', 'Standard', 150, null, 'available'],
      ['B2', 2, 2, 'seat', 'Standard', 150, null, 'available'],
      ['B3', 2, 3, 'seat', 'Standard', 150, null, 'available'],
    ],
  );
  assert.deepEqual(Object.keys(seats[0]), [
    'id',
    'row',
    'column',
    'label',
    'row_pos',
    'x',
    'kind',
    'category',
    'price',
    'partner_x',
    'status',
    'is_booked',
    'booked_by',
    'checked_in',
  ]);
});

Deno.test('every show list and GET shows/{id}/ carry the screen, the release time and the prices', async () => {
  const { t, olga, pvr, jawan, screen2 } = await multiplex();
  await using _ = t;
  const created = await (
    await t.post('/api/shows/', at(jawan.id, pvr.id, { screen: screen2.id }), olga.token)
  ).json();
  const customer = await t.account('ana');
  const admin = await t.account('root', 'admin');
  const expected = {
    screen: screen2.id,
    screen_name: 'Screen 2',
    accessible_release_at: '2026-03-02T12:30:00.000Z',
    min_price: 150,
    max_price: 400,
    total_seats: 6,
  };
  const pick = (show: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(expected).map((k) => [k, show[k]]));
  const answers = [
    (await (await t.get('/api/shows/', customer.token)).json())[0],
    // Twice: the second answer comes from this instance's memory (show-list-cache.ts).
    (await (await t.get('/api/shows/', customer.token)).json())[0],
    (await (await t.get('/api/shows/?page=1', customer.token)).json()).results[0],
    (await (await t.get('/api/shows/?page=1', olga.token)).json()).results[0],
    (await (await t.get('/api/shows/?page=1&q=jawan', admin.token)).json()).results[0],
    await (await t.get(`/api/shows/${created.id}/`, customer.token)).json(),
  ];
  for (const answer of answers) assert.deepEqual(pick(answer), expected);
  // The same keys in the same order everywhere (the list from memory is byte for byte c.json()),
  // but the detail's own: is_past and the movie's poster.
  const ofEveryAnswer = (k: string) => k !== 'is_past' && k !== 'movie_poster';
  const keys = Object.keys(answers[5]).filter(ofEveryAnswer);
  for (const answer of answers) {
    assert.deepEqual(Object.keys(answer).filter(ofEveryAnswer), keys);
  }
});
