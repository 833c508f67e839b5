import assert from 'node:assert/strict';
import { verifyPass } from '../../../../packages/contract/src/index.js';
import { createBookingTestApp } from '../../testing/booking.ts';
import { doorAccount, doorScenario, passFor } from './door.testing.ts';
import { codeHash } from './get-offline-show.ts';
import { OfflineShowSchema } from './sync-schemas.ts';

Deno.test('a scanner’s offline data: the show, the server time, every key of the owner, each ticket hashed (never its code)', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c7, c8, c9 } = await doorScenario(t);
  const door = await doorAccount(t, owner);
  const cancel = await t.request('PATCH', `/api/bookings/${c9.id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancel.status, 200);
  t.clock.set(show.startsAt);
  const oldPass = await passFor(t, c7, show.id, 'C7');
  // A rotation: the old key is retired and still listed (old passes keep verifying offline).
  await t.db.query`UPDATE ticket_signing_keys SET retired_at = ${t.clock()}`;
  await passFor(t, c8, show.id, 'C8');
  assert.equal(
    (await t.post('/api/tickets/check-in/', { code: c8.code }, owner.token)).status,
    200,
  );

  const res = await t.get(`/api/tickets/check-in/shows/${show.id}/offline/`, door.token);
  assert.equal(res.status, 200);
  const text = await res.text();
  for (const code of [c7.code, c8.code, c9.code]) {
    assert.ok(!text.includes(code) && !text.includes(code.replaceAll('-', '')), 'no codes');
  }
  const body = OfflineShowSchema.parse(JSON.parse(text));
  const listed = await (await t.get('/api/tickets/check-in/shows/', owner.token)).json();
  assert.deepEqual(JSON.parse(text).show, listed[0]);
  assert.equal(body.server_time, t.clock().toISOString());
  assert.equal(body.keys.length, 2);
  assert.equal((await verifyPass(oldPass, body.keys)).ok, true);
  assert.deepEqual(
    body.tickets.sort((a, b) => a.seat_label.localeCompare(b.seat_label)),
    [
      { hash: await codeHash(c7.code), seat_label: 'C7', status: 'live', checked_in: false },
      { hash: await codeHash(c8.code), seat_label: 'C8', status: 'live', checked_in: true },
      { hash: await codeHash(c9.code), seat_label: 'C9', status: 'cancelled', checked_in: false },
    ],
  );
  // The hash is the contract's: base64url SHA-256 of the code with dashes, lowercase.
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(c7.code));
  assert.equal(
    await codeHash(c7.code),
    btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, ''),
  );
});

Deno.test('offline data outside the caller’s scope is 404 show_not_found; customers 403', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await doorScenario(t);
  const other = await t.account('olga', 'owner');
  const otherDoor = await doorAccount(t, other, 'odette');
  for (const who of [other, otherDoor]) {
    const res = await t.get(`/api/tickets/check-in/shows/${show.id}/offline/`, who.token);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).code, 'show_not_found');
  }
  assert.equal(
    (await t.get(`/api/tickets/check-in/shows/${show.id}/offline/`, customer.token)).status,
    403,
  );
  assert.equal(
    (await t.get(`/api/tickets/check-in/shows/${show.id}/offline/`, owner.token)).status,
    200,
  );
  assert.equal(
    (await t.get('/api/tickets/check-in/shows/999999/offline/', owner.token)).status,
    404,
  );
});
