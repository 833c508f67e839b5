import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { doorStaffAccount } from '../../testing/door-staff.ts';

Deno.test('removing active door staff: 204, their sessions end at once, an audit record', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const dora = await doorStaffAccount(t, olga, 'dora');
  assert.equal((await t.get('/api/profile/', dora.token)).status, 200);
  const [entry] = await t.db.query<{ id: number }>`SELECT id FROM door_staff`;
  const res = await t.request('DELETE', `/api/door-staff/${entry?.id}/`, { token: olga.token });
  assert.equal(res.status, 204);
  // The very next call with its token is refused, as is its refresh (the session is gone).
  const after = await t.get('/api/profile/', dora.token);
  assert.equal(after.status, 401);
  assert.equal((await after.json()).code, 'token_not_valid');
  assert.equal((await t.db.query`SELECT 1 FROM sessions WHERE user_id = ${dora.id}`).length, 0);
  const [row] = await t.db.query<{ removed_at: Date | null }>`SELECT removed_at FROM door_staff`;
  assert.ok(row?.removed_at);
  const audit = await t.db.query`SELECT actor_id, action, entity_id, details FROM audit_log`;
  assert.deepEqual(audit, [
    {
      actor_id: olga.id,
      action: 'door_staff.removed',
      entity_id: String(entry?.id),
      details: { email: dora.email, user_id: dora.id, sessions_ended: 1 },
    },
  ]);
  // Removed once: a second removal is a 404.
  const again = await t.request('DELETE', `/api/door-staff/${entry?.id}/`, { token: olga.token });
  assert.equal(again.status, 404);
});

Deno.test('another owner’s entry is a 404 and stays; customers and door staff get 403', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const dora = await doorStaffAccount(t, olga, 'dora');
  const [entry] = await t.db.query<{ id: number }>`SELECT id FROM door_staff`;
  const path = `/api/door-staff/${entry?.id}/`;
  const res = await t.request('DELETE', path, { token: oscar.token });
  assert.equal(res.status, 404);
  assert.equal((await res.json()).code, 'not_found');
  assert.equal((await t.request('DELETE', path, { token: dora.token })).status, 403);
  const ann = await t.account('ann');
  assert.equal((await t.request('DELETE', path, { token: ann.token })).status, 403);
  assert.equal(
    (await t.request('DELETE', '/api/door-staff/999999/', { token: olga.token })).status,
    404,
  );
  assert.equal(
    (await t.request('DELETE', '/api/door-staff/abc/', { token: olga.token })).status,
    400,
  );
  assert.equal((await t.db.query`SELECT 1 FROM door_staff WHERE removed_at IS NULL`).length, 1);
  assert.equal((await t.get('/api/profile/', dora.token)).status, 200);
  assert.equal((await t.db.query`SELECT 1 FROM audit_log`).length, 0);
});

Deno.test('removing an invitation frees the address: it can be invited again', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const { id } = await (await t.post('/api/door-staff/', { email: 'a@x.io' }, olga.token)).json();
  assert.equal(
    (await t.request('DELETE', `/api/door-staff/${id}/`, { token: olga.token })).status,
    204,
  );
  assert.equal((await t.post('/api/door-staff/', { email: 'a@x.io' }, olga.token)).status, 201);
});
