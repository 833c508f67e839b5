import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { SCREEN_WRITES_PER_HOUR } from './limits.ts';
import { LAYOUT } from './screens.testing.ts';

Deno.test('an owner makes at most 60 screen writes an hour: the next is a 429 that writes nothing, another owner is not held up', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const ravi = await t.account('ravi', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const inox = await t.theater(ravi, { name: 'INOX' });
  const [screen] = (await (await t.get(`/api/screens/?theater=${pvr.id}`, olga.token)).json())
    .results;
  for (let n = 1; n < SCREEN_WRITES_PER_HOUR; n++) {
    const res = await t.request('PUT', `/api/screens/${screen.id}/`, {
      body: { name: `Audi ${n}` },
      token: olga.token,
    });
    assert.equal(res.status, 200);
  }
  const added = await t.post('/api/screens/', { theater: pvr.id, name: 'Gold' }, olga.token);
  assert.equal(added.status, 201);

  const again = await t.request('PUT', `/api/screens/${screen.id}/`, {
    body: { name: 'Too many', layout: LAYOUT },
    token: olga.token,
  });
  assert.equal(again.status, 429);
  assert.equal((await again.json()).code, 'too_many_requests');
  const more = await t.post('/api/screens/', { theater: pvr.id, name: 'Silver' }, olga.token);
  assert.equal(more.status, 429);
  const names = await t.db.query<{ name: string }>`
    SELECT name FROM screens WHERE theater_id = ${pvr.id} ORDER BY id`;
  assert.deepEqual(
    names.map((r) => r.name),
    [`Audi ${SCREEN_WRITES_PER_HOUR - 1}`, 'Gold'],
  );
  const other = await t.post('/api/screens/', { theater: inox.id, name: 'Gold' }, ravi.token);
  assert.equal(other.status, 201);
});
