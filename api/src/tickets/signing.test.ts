import assert from 'node:assert/strict';
import { verifyPass } from '../../../packages/contract/src/index.js';
import { createBookingTestApp } from '../testing/booking.ts';
import { passesOf, passOf, publicKeysOf, UNREADABLE_KEY_GRACE_MS } from './signing.ts';

Deno.test('first uses at once make one key per owner; every pass verifies with it', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const signer = { secret: t.config.jwtSecret, now: t.clock() };
  const tickets = Array.from({ length: 8 }, (_, i) => ({
    show_id: show.id,
    seat_label: `A${i + 1}`,
    code: crypto.randomUUID(),
  }));
  // Eight signers racing for the owner's first key (each its own statements).
  const passes = await Promise.all(tickets.map((ticket) => passOf(t.db, ticket, signer)));
  const keys = await publicKeysOf(t.db, owner.id);
  assert.equal(keys.length, 1);
  for (const [i, pass] of passes.entries()) {
    const verdict = await verifyPass(pass, keys);
    assert.ok(verdict.ok);
    assert.equal(verdict.pass.code, tickets[i]?.code);
  }
  const [row] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM ticket_signing_keys WHERE owner_id = ${owner.id}`;
  assert.equal(row?.n, 1);
  assert.deepEqual(await passesOf(t.db, [], signer), []);
});

Deno.test('a key sealed under one server secret signs nothing under another, nor moved to another kid', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const ticket = { show_id: show.id, seat_label: 'B2', code: crypto.randomUUID() };
  const pass = await passOf(t.db, ticket, { secret: t.config.jwtSecret, now: t.clock() });
  assert.ok((await verifyPass(pass, await publicKeysOf(t.db, owner.id))).ok);

  await assert.rejects(
    passOf(t.db, ticket, { secret: 'another secret', now: t.clock() }),
    /does not open with this server secret/,
  );

  // The sealed bytes are bound to their kid and owner: copied onto a second key row of another
  // owner, they do not open there.
  const other = await t.account('oscar', 'owner');
  await t.db.query`
    INSERT INTO ticket_signing_keys (kid, owner_id, public_key, private_key_sealed, created_at)
    SELECT 'copied01', ${other.id}, decode(repeat('ab', 32), 'hex'), private_key_sealed, created_at
      FROM ticket_signing_keys WHERE owner_id = ${owner.id}`;
  const theater = await t.theater(other, { name: 'Other', location: 'Goa' });
  const movie = await t.movie(theater, { title: 'Elsewhere' });
  const otherShow = await t.show(movie, theater, { startsAt: show.startsAt });
  await assert.rejects(
    passOf(
      t.db,
      { show_id: otherShow.id, seat_label: 'A1', code: crypto.randomUUID() },
      { secret: t.config.jwtSecret, now: t.clock() },
    ),
    /does not open/,
  );
});

Deno.test('after the server secret changed, the first signing replaces the unreadable key (audited, the old one kept verifying); a young key is not replaced back', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const ticket = { show_id: show.id, seat_label: 'C3', code: crypto.randomUUID() };
  const before = await passOf(t.db, ticket, { secret: t.config.jwtSecret, now: t.clock() });

  t.clock.advance(UNREADABLE_KEY_GRACE_MS + 60_000);
  const newSecret = { secret: 'the new server secret', now: t.clock() };
  const passes = await Promise.all([1, 2, 3].map(() => passOf(t.db, ticket, newSecret)));
  const keys = await publicKeysOf(t.db, owner.id);
  assert.equal(keys.length, 2);
  for (const pass of [before, ...passes]) assert.ok((await verifyPass(pass, keys)).ok);
  assert.notEqual(passes[0]?.split('.')[1], before.split('.')[1]);
  const audit = await t.db.query<{ actor_label: string; entity_id: string; details: unknown }>`
    SELECT actor_label, entity_id, details FROM audit_log WHERE action = 'signing_key.rotated'`;
  assert.deepEqual(audit, [
    {
      actor_label: 'system',
      entity_id: passes[0]?.split('.')[1],
      details: { retired_kid: before.split('.')[1], reason: 'sealed under another server secret' },
    },
  ]);
  // An instance still on the old secret (a deploy half done) does not replace the new key back.
  await assert.rejects(
    passOf(t.db, ticket, { secret: t.config.jwtSecret, now: t.clock() }),
    /does not open with this server secret/,
  );
  assert.equal((await publicKeysOf(t.db, owner.id)).length, 2);
});
