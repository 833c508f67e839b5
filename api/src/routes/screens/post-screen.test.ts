import assert from 'node:assert/strict';
import { defaultLayout } from '../../../../packages/contract/src/seating.js';
import { createBookingTestApp } from '../../testing/booking.ts';
import { LAYOUT } from './screens.testing.ts';

Deno.test('a theater made the spec’s way has one screen, Screen 1, with its rectangle', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const res = await t.post(
    '/api/theaters/',
    { name: 'PVR', location: 'Mumbai', rows: 3, seats_per_row: 5 },
    olga.token,
  );
  assert.equal(res.status, 201);
  const theater = await res.json();
  const list = await t.get(`/api/screens/?theater=${theater.id}`, olga.token);
  assert.equal(list.status, 200);
  const { results } = await list.json();
  assert.equal(results.length, 1);
  assert.deepEqual(results[0], {
    id: results[0].id,
    theater: theater.id,
    theater_name: 'PVR',
    name: 'Screen 1',
    layout: defaultLayout(3, 5),
    accessible_release_minutes: 120,
    seat_count: 15,
    categories: [{ name: 'Standard', price: 100, seats: 15 }],
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  });
  // Without rows and seats_per_row: 8 x 12.
  const plain = await (
    await t.post('/api/theaters/', { name: 'INOX', location: 'Pune' }, olga.token)
  ).json();
  const [screen] = (await (await t.get(`/api/screens/?theater=${plain.id}`, olga.token)).json())
    .results;
  assert.equal(screen.seat_count, 96);
  assert.deepEqual(screen.layout, defaultLayout(8, 12));
});

Deno.test('an owner adds a screen with a drawn layout: 201, the layout normalised, its figures counted', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const res = await t.post(
    '/api/screens/',
    {
      theater: String(pvr.id),
      name: '  Audi 2 ',
      // Unknown keys are dropped by checkLayout.
      layout: { ...LAYOUT, colour: 'red' },
      accessible_release_minutes: 45,
    },
    olga.token,
  );
  assert.equal(res.status, 201);
  const screen = await res.json();
  assert.deepEqual(screen, {
    id: screen.id,
    theater: pvr.id,
    theater_name: 'PVR',
    name: 'Audi 2',
    layout: LAYOUT,
    accessible_release_minutes: 45,
    seat_count: 5,
    categories: [
      { name: 'Standard', price: 150, seats: 4 },
      { name: 'Recliner', price: 400, seats: 1 },
    ],
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  });
  assert.deepEqual(await (await t.get(`/api/screens/${screen.id}/`, olga.token)).json(), screen);
  // Without a layout: the spec's rectangle, 8 x 12; release two hours before.
  const plain = await (
    await t.post('/api/screens/', { theater: pvr.id, name: 'Audi 3' }, olga.token)
  ).json();
  assert.deepEqual(plain.layout, defaultLayout(8, 12));
  assert.equal(plain.accessible_release_minutes, 120);
  const audit = await t.db.query<{ action: string; entity_id: string }>`
    SELECT action, entity_id FROM audit_log WHERE action = 'screen.created' ORDER BY id`;
  assert.deepEqual(
    audit.map((a) => a.entity_id),
    [String(screen.id), String(plain.id)],
  );
});

Deno.test('a screen’s name is unique in its theater: 409 screen_name_taken; another theater may reuse it', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const inox = await t.theater(olga, { name: 'INOX' });
  const res = await t.post('/api/screens/', { theater: pvr.id, name: 'Screen 1' }, olga.token);
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    detail: 'A screen with this name already exists in this theater.',
    error: 'A screen with this name already exists in this theater.',
    code: 'screen_name_taken',
  });
  const twice = await Promise.all(
    [1, 2].map(() => t.post('/api/screens/', { theater: inox.id, name: 'IMAX' }, olga.token)),
  );
  assert.deepEqual(twice.map((r) => r.status).sort(), [201, 409]);
  const other = await t.post('/api/screens/', { theater: pvr.id, name: 'IMAX' }, olga.token);
  assert.equal(other.status, 201);
});

Deno.test('a bad screen is a 400 with the field’s message, nothing stored', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const base = { theater: pvr.id, name: 'Audi 2' };
  const companionAlone = {
    categories: [{ name: 'Standard', price: 100 }],
    rows: [{ label: 'A', cells: [{ category: 'Standard', kind: 'companion' }, null] }],
  };
  const cases: [Record<string, unknown>, string, RegExp | string][] = [
    [{ ...base, name: '' }, 'name', 'Name is required.'],
    [{ ...base, name: 'A\u0000' }, 'name', 'Name contains characters that are not allowed.'],
    [{ ...base, name: 'x'.repeat(41) }, 'name', 'Name must be at most 40 characters.'],
    [{ ...base, name: 'Audi\n2' }, 'name', 'Name must be on one line.'],
    [{ ...base, theater: 'abc' }, 'theater', 'Theater is required.'],
    [{ ...base, accessible_release_minutes: -1 }, 'accessible_release_minutes', /0 to 10080/],
    [{ ...base, accessible_release_minutes: 10081 }, 'accessible_release_minutes', /0 to 10080/],
    [{ ...base, accessible_release_minutes: 1.5 }, 'accessible_release_minutes', /0 to 10080/],
    [{ ...base, layout: 'rows' }, 'layout', /\S/],
    [{ ...base, layout: companionAlone }, 'layout', /\(rows\[0\]\.cells\[0\]\)$/],
    [
      { ...base, layout: { ...LAYOUT, categories: [{ name: 'Stand"ard', price: 100 }] } },
      'layout',
      /\(categories\[0\]\.name\)$/,
    ],
    [
      { ...base, layout: { categories: [{ name: 'Standard', price: 100 }], rows: [] } },
      'layout',
      /\S/,
    ],
  ];
  for (const [body, field, message] of cases) {
    const res = await t.post('/api/screens/', body, olga.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error', JSON.stringify(body));
    assert.deepEqual(Object.keys(answer.fields), [field], JSON.stringify(answer));
    if (typeof message === 'string') assert.equal(answer.fields[field], message);
    else assert.match(answer.fields[field], message);
  }
  // NUL inside the layout is refused before anything reads it.
  const nul = await t.post(
    '/api/screens/',
    {
      ...base,
      layout: { ...LAYOUT, rows: [{ label: 'A\u0000', cells: [{ category: 'Standard' }] }] },
    },
    olga.token,
  );
  assert.equal(nul.status, 400);
  const count = await t.db.query`SELECT id FROM screens`;
  assert.equal(count.length, 1, 'only the default screen');
});

Deno.test('only the theater’s owner adds screens: 404 for another owner’s theater, 403 for customers, door staff and admins', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const ana = await t.account('ana');
  const admin = await t.account('root', 'admin');
  const door = await t.account('gate', 'door');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const body = { theater: pvr.id, name: 'Audi 2' };
  const foreign = await t.post('/api/screens/', body, oscar.token);
  assert.equal(foreign.status, 404);
  assert.equal((await foreign.json()).code, 'theater_not_found');
  const missing = await t.post('/api/screens/', { ...body, theater: 999999 }, olga.token);
  assert.equal(missing.status, 404);
  for (const who of [ana, admin, door]) {
    const res = await t.post('/api/screens/', body, who.token);
    assert.equal(res.status, 403, who.role);
  }
  assert.equal((await t.post('/api/screens/', body)).status, 401);
  const count = await t.db.query`SELECT id FROM screens`;
  assert.equal(count.length, 1);
});

Deno.test('a huge layout is refused by the body limit (413), never parsed', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const cells = Array.from({ length: 60 }, () => ({ category: 'Standard', pad: 'x'.repeat(3000) }));
  const rows = Array.from({ length: 26 }, (_, i) => ({
    label: String.fromCharCode(65 + i),
    cells,
  }));
  const text = JSON.stringify({
    theater: pvr.id,
    name: 'Huge',
    layout: { categories: [{ name: 'Standard', price: 100 }], rows },
  });
  assert.ok(text.length > 4_000_000);
  const res = await t.post('/api/screens/', text, olga.token);
  assert.equal(res.status, 413);
  assert.equal((await res.json()).code, 'payload_too_large');
});

Deno.test('the largest layout, 26 rows of 60 seats in 6 categories, fits the body limit and is stored', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const categories = ['Standard', 'Premium', 'Recliner', 'Gold', 'Platinum', 'Balcony'].map(
    (name, i) => ({ name, price: 100 + 50 * i }),
  );
  const rows = Array.from({ length: 26 }, (_, r) => ({
    label: String.fromCharCode(65 + r),
    cells: Array.from({ length: 60 }, () => ({ category: categories[r % 6]?.name })),
  }));
  const res = await t.post(
    '/api/screens/',
    { theater: pvr.id, name: 'Big', layout: { categories, rows } },
    olga.token,
  );
  assert.equal(res.status, 201);
  assert.equal((await res.json()).seat_count, 1560);
});
