import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('movies are listed by title with their theater, all or one theater’s', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('owner1', 'owner');
  const customer = await t.account('ana');
  const pvr = await t.theater(owner, { name: 'PVR Phoenix' });
  const sathyam = await t.theater(owner, { name: 'Sathyam', location: 'Chennai' });
  const jawan = await t.movie(pvr, { title: 'Jawan', durationMinutes: 169 });
  const leo = await t.movie(sathyam, { title: 'Leo', durationMinutes: 164, language: 'Tamil' });
  const dunki = await t.movie(pvr, { title: 'Dunki' });

  const all = await t.get('/api/movies/', customer.token);
  assert.equal(all.status, 200);
  const body = await all.json();
  assert.deepEqual(
    body.map((m: { id: number }) => m.id),
    [dunki.id, jawan.id, leo.id],
  );
  assert.deepEqual(body[2], {
    id: leo.id,
    title: 'Leo',
    description: 'A film for the tests.',
    duration_minutes: 164,
    language: 'Tamil',
    release_date: '2026-01-15',
    theater: sathyam.id,
    theater_name: 'Sathyam',
    poster: null,
  });

  const ofPvr = await (await t.get(`/api/movies/?theater=${pvr.id}`, customer.token)).json();
  assert.deepEqual(
    ofPvr.map((m: { title: string }) => m.title),
    ['Dunki', 'Jawan'],
  );
  // An unknown theater simply has no movies; an empty parameter means no filter.
  assert.deepEqual(await (await t.get('/api/movies/?theater=999', customer.token)).json(), []);
  assert.equal((await (await t.get('/api/movies/?theater=', customer.token)).json()).length, 3);
});

Deno.test('a theater parameter that is not a positive whole number is a 400', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', 'undefined']) {
    const res = await t.get(`/api/movies/?theater=${bad}`, customer.token);
    assert.equal(res.status, 400, bad);
    assert.deepEqual(await res.json(), {
      detail: 'Invalid theater id.',
      error: 'Invalid theater id.',
      code: 'validation_error',
      fields: { theater: 'Invalid theater id.' },
    });
  }
});

Deno.test('movies need a signed-in user', async () => {
  await using t = await createBookingTestApp();
  assert.equal((await t.get('/api/movies/')).status, 401);
});

Deno.test('with page, an owner gets the movies of their own theaters; an admin all; q searches', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const admin = await t.account('root', 'admin');
  const customer = await t.account('ana');
  const pvr = await t.theater(olga, { name: 'PVR Phoenix' });
  const inox = await t.theater(olga, { name: 'INOX Forum' });
  const his = await t.theater(oscar, { name: 'Sathyam' });
  for (let i = 1; i <= 22; i++) await t.movie(pvr, { title: `Film ${String(i).padStart(2, '0')}` });
  const leo = await t.movie(inox, { title: 'Leo', language: 'Tamil' });
  await t.movie(his, { title: 'Jailer', language: 'Tamil' });

  const first = await (await t.get('/api/movies/?page=1', olga.token)).json();
  assert.equal(first.count, 23);
  assert.equal(first.results.length, 20);
  const second = await (await t.get('/api/movies/?page=2', olga.token)).json();
  assert.deepEqual(
    second.results.map((m: { title: string }) => m.title),
    ['Film 21', 'Film 22', 'Leo'],
  );
  assert.deepEqual(second.results[2], {
    id: leo.id,
    title: 'Leo',
    description: 'A film for the tests.',
    duration_minutes: 120,
    language: 'Tamil',
    release_date: '2026-01-15',
    theater: inox.id,
    theater_name: 'INOX Forum',
    poster: null,
  });
  const tamil = await (await t.get('/api/movies/?page=1&q=TAMIL', olga.token)).json();
  assert.deepEqual(
    tamil.results.map((m: { title: string }) => m.title),
    ['Leo'],
    'Jailer is Tamil too, but not Olga’s',
  );
  const byTheater = await (await t.get('/api/movies/?page=1&q=forum', olga.token)).json();
  assert.deepEqual(
    byTheater.results.map((m: { title: string }) => m.title),
    ['Leo'],
  );
  const ofInox = await (await t.get(`/api/movies/?page=1&theater=${inox.id}`, olga.token)).json();
  assert.equal(ofInox.count, 1);
  const ofHis = await (await t.get(`/api/movies/?page=1&theater=${his.id}`, olga.token)).json();
  assert.equal(ofHis.count, 0);

  const all = await (await t.get('/api/movies/?page=1&q=tamil', admin.token)).json();
  assert.deepEqual(
    all.results.map((m: { title: string }) => m.title),
    ['Jailer', 'Leo'],
  );
  assert.equal((await (await t.get('/api/movies/?page=1', admin.token)).json()).count, 24);
  // The customer's plain list is unchanged.
  const plain = await (await t.get('/api/movies/', customer.token)).json();
  assert.equal(plain.length, 24);
});
