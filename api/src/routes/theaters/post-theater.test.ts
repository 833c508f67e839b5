import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('an owner adds a theater: 201, trimmed, default layout, the caller is the owner', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const res = await t.post(
    '/api/theaters/',
    { name: '  PVR Phoenix ', location: ' Mumbai ' },
    owner.token,
  );
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.deepEqual(body, {
    id: body.id,
    name: 'PVR Phoenix',
    location: 'Mumbai',
    owner: owner.id,
    rows: 8,
    seats_per_row: 12,
  });
  const rows = await t.db.query`
    SELECT owner_id, name, location, seat_rows, seats_per_row FROM theaters`;
  assert.deepEqual(rows, [
    {
      owner_id: owner.id,
      name: 'PVR Phoenix',
      location: 'Mumbai',
      seat_rows: 8,
      seats_per_row: 12,
    },
  ]);
  // Its default screen, in the same statement (docs/decisions/0045-screens-and-seat-layouts.md).
  const screens = await t.db.query<{ theater_id: number; name: string; rows: number }>`
    SELECT theater_id, name, jsonb_array_length(layout->'rows') AS rows FROM screens`;
  assert.deepEqual(screens, [{ theater_id: body.id, name: 'Screen 1', rows: 8 }]);
});

Deno.test('a theater takes its layout from rows and seats_per_row', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const res = await t.post(
    '/api/theaters/',
    { name: 'Sathyam', location: 'Chennai', rows: 26, seats_per_row: '30' },
    owner.token,
  );
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.equal(body.rows, 26);
  assert.equal(body.seats_per_row, 30);
});

Deno.test('an owner named in the body is not obeyed: the theater is the caller’s', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const other = await t.account('oscar', 'owner');
  const res = await t.post(
    '/api/theaters/',
    { name: 'INOX', location: 'Pune', owner: other.id, owner_id: other.id },
    olga.token,
  );
  assert.equal(res.status, 201);
  assert.equal((await res.json()).owner, olga.id);
  const rows = await t.db.query`SELECT owner_id FROM theaters`;
  assert.deepEqual(rows, [{ owner_id: olga.id }]);
});

Deno.test('a theater needs a name and a location (trimmed), and a layout in range', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const cases: [unknown, Record<string, string>][] = [
    [{}, { name: 'Name is required.', location: 'Location is required.' }],
    [{ name: '   ', location: 'Mumbai' }, { name: 'Name is required.' }],
    [{ name: 'PVR', location: ' ' }, { location: 'Location is required.' }],
    [
      { name: null, location: 5 },
      { name: 'Name is required.', location: 'Location is required.' },
    ],
    [
      { name: 'PVR', location: 'Mumbai', rows: 0 },
      { rows: 'Rows must be a whole number from 1 to 26.' },
    ],
    [
      { name: 'PVR', location: 'Mumbai', rows: 27 },
      { rows: 'Rows must be a whole number from 1 to 26.' },
    ],
    [
      { name: 'PVR', location: 'Mumbai', rows: 2.5 },
      { rows: 'Rows must be a whole number from 1 to 26.' },
    ],
    [
      { name: 'PVR', location: 'Mumbai', seats_per_row: 31 },
      { seats_per_row: 'Seats per row must be a whole number from 1 to 30.' },
    ],
    [
      { name: 'PVR', location: 'Mumbai', seats_per_row: 'ten' },
      { seats_per_row: 'Seats per row must be a whole number from 1 to 30.' },
    ],
  ];
  for (const [body, fields] of cases) {
    const res = await t.post('/api/theaters/', body, owner.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error');
    assert.deepEqual(answer.fields, fields, JSON.stringify(body));
    assert.equal(answer.detail, Object.values(fields)[0]);
  }
  assert.deepEqual(await t.db.query`SELECT id FROM theaters`, []);
  assert.deepEqual(await t.db.query`SELECT id FROM screens`, []);
});

Deno.test('only owners add theaters: 403 for customers and admins, 401 without a token', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const admin = await t.account('root', 'admin');
  for (const who of [customer, admin]) {
    const res = await t.post('/api/theaters/', { name: 'PVR', location: 'Mumbai' }, who.token);
    assert.equal(res.status, 403);
    assert.equal((await res.json()).detail, 'You do not have permission to perform this action.');
  }
  assert.equal((await t.post('/api/theaters/', { name: 'PVR', location: 'Mumbai' })).status, 401);
  assert.deepEqual(await t.db.query`SELECT id FROM theaters`, []);
});

Deno.test('a theater’s name and location refuse NUL and broken characters: 400, nothing stored', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [
      { name: 'PVR\u0000', location: 'Mumbai' },
      { name: 'Name contains characters that are not allowed.' },
    ],
    [
      { name: 'PVR', location: '\u0000' },
      { location: 'Location contains characters that are not allowed.' },
    ],
    [
      { name: 'PVR \ud83c', location: 'Mumbai' },
      { name: 'Name contains characters that are not allowed.' },
    ],
  ];
  for (const [body, fields] of cases) {
    const res = await t.post('/api/theaters/', body, owner.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error');
    assert.deepEqual(answer.fields, fields, JSON.stringify(body));
  }
  assert.deepEqual(await t.db.query`SELECT id FROM theaters`, []);
});
