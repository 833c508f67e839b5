import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

const valid = (theater: number) => ({
  title: ' Jawan ',
  description: 'A warden and his team.',
  duration_minutes: 169,
  language: 'Hindi',
  release_date: '2023-09-07',
  theater,
});

Deno.test('an owner adds a movie to their theater: 201 with the theater’s name, stored', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix' });
  const res = await t.post('/api/movies/', valid(pvr.id), olga.token);
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.deepEqual(body, {
    id: body.id,
    title: 'Jawan',
    description: 'A warden and his team.',
    duration_minutes: 169,
    language: 'Hindi',
    release_date: '2023-09-07',
    theater: pvr.id,
    theater_name: 'PVR Phoenix',
    poster: null,
  });
  const rows = await t.db.query`SELECT theater_id, owner_id, title FROM movies`;
  assert.deepEqual(rows, [{ theater_id: pvr.id, owner_id: olga.id, title: 'Jawan' }]);
  // Form inputs may send the numbers as strings.
  const again = await t.post(
    '/api/movies/',
    { ...valid(pvr.id), duration_minutes: '60', theater: String(pvr.id) },
    olga.token,
  );
  assert.equal(again.status, 201);
  assert.equal((await again.json()).duration_minutes, 60);
});

Deno.test('a movie names another owner in vain, and cannot go into another owner’s theater', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const mine = await t.theater(olga, { name: 'Mine' });
  const his = await t.theater(oscar, { name: 'His' });

  const named = await t.post('/api/movies/', { ...valid(mine.id), owner: oscar.id }, olga.token);
  assert.equal(named.status, 201);
  const stored = await t.db.query`SELECT owner_id FROM movies`;
  assert.deepEqual(stored, [{ owner_id: olga.id }]);

  for (const theater of [his.id, 999999]) {
    const res = await t.post('/api/movies/', valid(theater), olga.token);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      detail: 'Please select a theater.',
      error: 'Please select a theater.',
      code: 'validation_error',
      fields: { theater: 'Please select a theater.' },
    });
  }
  assert.equal((await t.db.query`SELECT id FROM movies`).length, 1);
});

Deno.test('a movie’s every field is checked with the form’s messages', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga);
  const base = valid(pvr.id);
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [
      {},
      {
        title: 'Title is required.',
        description: 'Description is required.',
        duration_minutes: 'Duration is required.',
        language: 'Language is required.',
        release_date: 'Release date is required.',
        theater: 'Please select a theater.',
      },
    ],
    [{ ...base, title: '  ' }, { title: 'Title is required.' }],
    [{ ...base, description: '' }, { description: 'Description is required.' }],
    [{ ...base, language: ' ' }, { language: 'Language is required.' }],
    [{ ...base, duration_minutes: '' }, { duration_minutes: 'Duration is required.' }],
    [{ ...base, duration_minutes: null }, { duration_minutes: 'Duration is required.' }],
    [
      { ...base, duration_minutes: 59 },
      { duration_minutes: 'Duration must be at least 60 minutes.' },
    ],
    [
      { ...base, duration_minutes: '30' },
      { duration_minutes: 'Duration must be at least 60 minutes.' },
    ],
    [
      { ...base, duration_minutes: 601 },
      { duration_minutes: 'Duration must be at most 600 minutes.' },
    ],
    [
      { ...base, duration_minutes: 90.5 },
      { duration_minutes: 'Duration must be a whole number of minutes.' },
    ],
    [{ ...base, release_date: '' }, { release_date: 'Release date is required.' }],
    [
      { ...base, release_date: '2023-02-30' },
      { release_date: 'Enter a valid release date (YYYY-MM-DD).' },
    ],
    [
      { ...base, release_date: '07/09/2023' },
      { release_date: 'Enter a valid release date (YYYY-MM-DD).' },
    ],
    [{ ...base, theater: '' }, { theater: 'Please select a theater.' }],
    [{ ...base, theater: 'abc' }, { theater: 'Please select a theater.' }],
    [{ ...base, theater: 0 }, { theater: 'Please select a theater.' }],
  ];
  for (const [body, fields] of cases) {
    const res = await t.post('/api/movies/', body, olga.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error');
    assert.deepEqual(answer.fields, fields, JSON.stringify(body));
  }
  assert.deepEqual(await t.db.query`SELECT id FROM movies`, []);
});

Deno.test('only owners add movies', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga);
  for (const role of ['user', 'admin'] as const) {
    const who = await t.account(`someone_${role}`, role);
    const res = await t.post('/api/movies/', valid(pvr.id), who.token);
    assert.equal(res.status, 403);
  }
  assert.equal((await t.post('/api/movies/', valid(pvr.id))).status, 401);
  assert.deepEqual(await t.db.query`SELECT id FROM movies`, []);
});

Deno.test('a movie’s text refuses NUL and broken characters, and its release date a year outside 1900..2100: 400, nothing stored', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga);
  const base = valid(pvr.id);
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [
      { ...base, title: 'Ja\u0000wan' },
      { title: 'Title contains characters that are not allowed.' },
    ],
    [
      { ...base, description: 'A warden\u0000' },
      { description: 'Description contains characters that are not allowed.' },
    ],
    // A lone half of a surrogate pair is not text PostgreSQL can store.
    [
      { ...base, language: 'Hin\ud800di' },
      { language: 'Language contains characters that are not allowed.' },
    ],
    [{ ...base, title: '\udc00' }, { title: 'Title contains characters that are not allowed.' }],
    [
      { ...base, release_date: '0000-01-01' },
      { release_date: 'Release date must be from 1900 to 2100.' },
    ],
    [
      { ...base, release_date: '1899-12-31' },
      { release_date: 'Release date must be from 1900 to 2100.' },
    ],
    [
      { ...base, release_date: '2101-01-01' },
      { release_date: 'Release date must be from 1900 to 2100.' },
    ],
    [
      { ...base, release_date: '2023-09-07\u0000' },
      { release_date: 'Enter a valid release date (YYYY-MM-DD).' },
    ],
  ];
  for (const [body, fields] of cases) {
    const res = await t.post('/api/movies/', body, olga.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error');
    assert.deepEqual(answer.fields, fields, JSON.stringify(body));
  }
  assert.deepEqual(await t.db.query`SELECT id FROM movies`, []);
  // The ends of the range and a complete emoji (a valid surrogate pair) are fine.
  for (const [title, release_date] of [
    ['Jawan 🎬', '1900-01-01'],
    ['Dunki', '2100-12-31'],
  ]) {
    const ok = await t.post('/api/movies/', { ...base, title, release_date }, olga.token);
    assert.equal(ok.status, 201, title);
    assert.equal((await ok.json()).title, title);
  }
});

Deno.test('a title, language or theater field with a line break is a 400 with the field’s message; nothing stored; a description keeps its lines', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga);
  const base = valid(pvr.id);
  for (const [body, fields] of [
    [{ ...base, title: 'Hdr\r\nBcc: victim@x.test' }, { title: 'Title must be on one line.' }],
    [{ ...base, title: 'Hdr\u2028Bcc' }, { title: 'Title must be on one line.' }],
    [{ ...base, language: 'Hindi\nBcc: x' }, { language: 'Language must be on one line.' }],
  ] as const) {
    const res = await t.post('/api/movies/', body, olga.token);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.equal(answer.code, 'validation_error');
    assert.deepEqual(answer.fields, fields);
    assert.equal(answer.detail, Object.values(fields)[0]);
  }
  const theater = await t.post(
    '/api/theaters/',
    { name: 'PVR\r\nBcc: victim@x.test', location: 'Mumbai' },
    olga.token,
  );
  assert.equal(theater.status, 400);
  assert.deepEqual((await theater.json()).fields, { name: 'Name must be on one line.' });
  assert.deepEqual(await t.db.query`SELECT id FROM movies`, []);
  const ok = await t.post(
    '/api/movies/',
    { ...base, description: 'A warden.\r\nAnd his team.\n\nIn Mumbai.' },
    olga.token,
  );
  assert.equal(ok.status, 201);
  assert.equal((await ok.json()).description, 'A warden.\r\nAnd his team.\n\nIn Mumbai.');
});
