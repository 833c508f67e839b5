import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { doorStaffAccount } from '../../testing/door-staff.ts';

Deno.test('an owner lists their own door staff, invited and active, newest first; never another owner’s', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const dora = await doorStaffAccount(t, olga, 'dora');
  t.clock.advance(1000);
  const invited = await t.post('/api/door-staff/', { email: 'new@x.io' }, olga.token);
  assert.equal(invited.status, 201);
  assert.equal((await t.post('/api/door-staff/', { email: 'his@x.io' }, oscar.token)).status, 201);

  const res = await t.get('/api/door-staff/', olga.token);
  assert.equal(res.status, 200);
  const { results } = await res.json();
  assert.deepEqual(
    results.map((r: Record<string, unknown>) => [r.email, r.status, r.username]),
    [
      ['new@x.io', 'invited', null],
      [dora.email, 'active', 'dora'],
    ],
  );
  const [oscars] = (await (await t.get('/api/door-staff/', oscar.token)).json()).results;
  assert.equal(oscars.email, 'his@x.io');
  assert.equal((await t.get('/api/door-staff/', (await t.account('ann')).token)).status, 403);
  assert.equal((await t.get('/api/door-staff/', dora.token)).status, 403);
  assert.equal((await t.get('/api/door-staff/')).status, 401);
});

Deno.test('a removed entry leaves the list', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const { id } = await (await t.post('/api/door-staff/', { email: 'a@x.io' }, olga.token)).json();
  assert.equal(
    (await t.request('DELETE', `/api/door-staff/${id}/`, { token: olga.token })).status,
    204,
  );
  assert.deepEqual(await (await t.get('/api/door-staff/', olga.token)).json(), { results: [] });
});
