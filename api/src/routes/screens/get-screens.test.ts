import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { LAYOUT } from './screens.testing.ts';

Deno.test('a theater’s screens, oldest first, to its owner and to an admin; one screen by id too', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const admin = await t.account('root', 'admin');
  const pvr = await t.theater(olga, { name: 'PVR', rows: 2, seatsPerRow: 3 });
  const added = await (
    await t.post('/api/screens/', { theater: pvr.id, name: 'Audi 2', layout: LAYOUT }, olga.token)
  ).json();
  for (const who of [olga, admin]) {
    const res = await t.get(`/api/screens?theater=${pvr.id}`, who.token);
    assert.equal(res.status, 200);
    const { results } = await res.json();
    assert.deepEqual(
      results.map((s: { name: string; seat_count: number }) => [s.name, s.seat_count]),
      [
        ['Screen 1', 6],
        ['Audi 2', 5],
      ],
    );
    const one = await t.get(`/api/screens/${added.id}`, who.token);
    assert.equal(one.status, 200);
    assert.deepEqual(await one.json(), added);
  }
});

Deno.test('another owner’s screens are a 404; customers and door staff get a 403; bad ids a 400', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const ana = await t.account('ana');
  const door = await t.account('gate', 'door');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const [screen] = (await (await t.get(`/api/screens/?theater=${pvr.id}`, olga.token)).json())
    .results;
  const list = await t.get(`/api/screens/?theater=${pvr.id}`, oscar.token);
  assert.equal(list.status, 404);
  assert.deepEqual(await list.json(), {
    detail: 'Theater not found.',
    error: 'Theater not found.',
    code: 'theater_not_found',
  });
  const one = await t.get(`/api/screens/${screen.id}/`, oscar.token);
  assert.equal(one.status, 404);
  assert.equal((await one.json()).code, 'screen_not_found');
  assert.equal((await t.get('/api/screens/?theater=999999', olga.token)).status, 404);
  assert.equal((await t.get('/api/screens/999999/', olga.token)).status, 404);
  for (const who of [ana, door]) {
    assert.equal((await t.get(`/api/screens/?theater=${pvr.id}`, who.token)).status, 403);
    assert.equal((await t.get(`/api/screens/${screen.id}/`, who.token)).status, 403);
  }
  assert.equal((await t.get(`/api/screens/?theater=${pvr.id}`)).status, 401);
  for (const path of ['/api/screens/', '/api/screens/?theater=abc', '/api/screens/?theater=0']) {
    const res = await t.get(path, olga.token);
    assert.equal(res.status, 400, path);
    assert.deepEqual(Object.keys((await res.json()).fields), ['theater']);
  }
  assert.equal((await t.get('/api/screens/abc/', olga.token)).status, 400);
});
