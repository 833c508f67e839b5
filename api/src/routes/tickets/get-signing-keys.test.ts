import assert from 'node:assert/strict';
import { verifyPass } from '../../../../packages/contract/src/index.js';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('an owner lists its own signing keys, public halves only; others are refused', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const other = await t.account('oscar', 'owner');
  const admin = await t.account('ada', 'admin');
  const door = await t.account('dora', 'door');
  await t.db.query`
    INSERT INTO door_staff (owner_id, email, user_id, invited_at, joined_at)
    VALUES (${owner.id}, ${door.email}, ${door.id}, now(), now())`;

  // No key before the first pass is signed.
  const empty = await t.get('/api/tickets/signing-keys/', owner.token);
  assert.equal(empty.status, 200);
  assert.deepEqual(await empty.json(), { results: [] });

  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  const [ticket] = await (await t.get('/api/my-tickets/', customer.token)).json();

  const res = await t.get('/api/tickets/signing-keys', owner.token);
  assert.equal(res.status, 200);
  const { results } = await res.json();
  assert.equal(results.length, 1);
  const [key] = results;
  assert.deepEqual(Object.keys(key).sort(), ['created_at', 'kid', 'public_key', 'retired_at']);
  assert.match(key.kid, /^[A-Za-z0-9_-]{8}$/);
  assert.match(key.public_key, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(key.retired_at, null);
  assert.ok((await verifyPass(ticket.pass, results)).ok);
  // Nothing private in the answer.
  assert.ok(!JSON.stringify(results).includes('sealed'));

  // Another owner sees its own (none), never this one's.
  assert.deepEqual(await (await t.get('/api/tickets/signing-keys/', other.token)).json(), {
    results: [],
  });
  for (const [who, token] of [
    ['customer', customer.token],
    ['admin', admin.token],
    ['door staff', door.token],
  ] as const) {
    const refused = await t.get('/api/tickets/signing-keys/', token);
    assert.equal(refused.status, 403, who);
    assert.equal((await refused.json()).code, 'permission_denied');
  }
  assert.equal((await t.get('/api/tickets/signing-keys/')).status, 401);
});
