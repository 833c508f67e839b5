import assert from 'node:assert/strict';
import { parsePass, verifyPass } from '../../../../packages/contract/src/index.js';
import { createBookingTestApp } from '../../testing/booking.ts';
import { MAX_KEYS_PER_WINDOW } from '../../tickets/signing.ts';

const ROTATE = '/api/tickets/signing-keys/rotate/';

Deno.test('a rotation retires the active key (still listed, still verifying), makes the next, and is audited', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  const [before] = await (await t.get('/api/my-tickets/', customer.token)).json();
  const oldKid = parsePass(before.pass)?.kid;
  assert.ok(oldKid);

  t.clock.advance(60_000);
  const res = await t.post(ROTATE, { retire: oldKid }, owner.token);
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.equal(body.retired_kid, oldKid);
  // Sent again (a double click): the key it names is no longer active, nothing changes.
  const again = await t.post(ROTATE, { retire: oldKid }, owner.token);
  assert.equal(again.status, 409);
  assert.deepEqual(await again.json(), {
    detail: `The active signing key is now ${body.key.kid}: reload the keys and try again.`,
    code: 'conflict',
    error: `The active signing key is now ${body.key.kid}: reload the keys and try again.`,
  });
  assert.notEqual(body.key.kid, oldKid);
  assert.equal(body.key.retired_at, null);

  const { results } = await (await t.get('/api/tickets/signing-keys/', owner.token)).json();
  assert.deepEqual(
    results.map((k: { kid: string; retired_at: string | null }) => [k.kid, k.retired_at === null]),
    [
      [body.key.kid, true],
      [oldKid, false],
    ],
  );
  // The ticket issued before verifies with the list; a new booking is signed with the new key.
  assert.ok((await verifyPass(before.pass, results)).ok);
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A2')])).status, 201);
  const passes = (await (await t.get('/api/my-tickets/', customer.token)).json()).map(
    (x: { pass: string }) => x.pass,
  );
  for (const pass of passes) {
    assert.equal(parsePass(pass)?.kid, body.key.kid);
    assert.ok((await verifyPass(pass, results)).ok);
  }

  const audit = await t.db.query<{ action: string; entity_id: string; details: unknown }>`
    SELECT action, entity_id, details FROM audit_log WHERE action = 'signing_key.rotated'`;
  assert.deepEqual(audit, [
    { action: 'signing_key.rotated', entity_id: body.key.kid, details: { retired_kid: oldKid } },
  ]);
  // One active key; the private halves rest sealed (never the PKCS#8 bytes themselves).
  const rows = await t.db.query<{ active: number; sealed: string }>`
    SELECT count(*) FILTER (WHERE retired_at IS NULL)::int AS active,
           string_agg(encode(private_key_sealed, 'hex'), ',') AS sealed
      FROM ticket_signing_keys WHERE owner_id = ${owner.id}`;
  assert.equal(rows[0]?.active, 1);
  // Every Ed25519 PKCS#8 starts 302e020100300506032b6570.
  assert.ok(!rows[0]?.sealed.includes('302e020100300506032b6570'));
});

Deno.test('a first rotation makes the first key; only owners rotate', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer } = await t.scenario();
  const admin = await t.account('ada', 'admin');
  const door = await t.account('dora', 'door');
  for (const body of [{}, { retire: 'x' }, { retire: 'abc\u0000defg' }, { retire: 12345678 }]) {
    const refused = await t.post(ROTATE, body, owner.token);
    assert.equal(refused.status, 400, JSON.stringify(body));
    assert.equal((await refused.json()).code, 'validation_error');
  }
  const res = await t.post(ROTATE, { retire: null }, owner.token);
  assert.equal(res.status, 201);
  assert.equal((await res.json()).retired_kid, null);
  for (const token of [customer.token, admin.token, door.token]) {
    const refused = await t.post(ROTATE, { retire: null }, token);
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).code, 'permission_denied');
  }
  assert.equal((await t.post(ROTATE, { retire: null })).status, 401);
  const [row] = await t.db.query<{ n: number }>`SELECT count(*)::int AS n FROM ticket_signing_keys`;
  assert.equal(row?.n, 1);
  const [audits] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_log WHERE action = 'signing_key.rotated'`;
  assert.equal(audits?.n, 1);
});

Deno.test('five rotations at once of the same active key: one 201, four 409, one key retired', async () => {
  await using t = await createBookingTestApp();
  const { owner } = await t.scenario();
  const first = await (await t.post(ROTATE, { retire: null }, owner.token)).json();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => t.post(ROTATE, { retire: first.key.kid }, owner.token)),
  );
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
  const [row] = await t.db.query<{ total: number; active: number }>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE retired_at IS NULL)::int AS active
      FROM ticket_signing_keys WHERE owner_id = ${owner.id}`;
  assert.deepEqual(row, { total: 2, active: 1 });
});

Deno.test(`at most ${MAX_KEYS_PER_WINDOW} keys a day: the next rotation is a 429 that changes nothing`, async () => {
  await using t = await createBookingTestApp();
  const { owner } = await t.scenario();
  let active: string | null = null;
  for (let i = 0; i < MAX_KEYS_PER_WINDOW; i++) {
    const res = await t.post(ROTATE, { retire: active }, owner.token);
    assert.equal(res.status, 201);
    active = (await res.json()).key.kid;
  }
  const refused = await t.post(ROTATE, { retire: active }, owner.token);
  assert.equal(refused.status, 429);
  assert.equal((await refused.json()).code, 'too_many_requests');
  const retryAfter = Number(refused.headers.get('Retry-After'));
  assert.ok(retryAfter > 0 && retryAfter <= 24 * 3600, String(retryAfter));
  const [row] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM ticket_signing_keys WHERE owner_id = ${owner.id}`;
  assert.equal(row?.n, MAX_KEYS_PER_WINDOW);
  // A day later it may rotate again.
  t.clock.set(new Date(t.clock().getTime() + 24 * 3600_000 + 1000));
  assert.equal((await t.post(ROTATE, { retire: active }, owner.token)).status, 201);
});
