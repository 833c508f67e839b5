// The online check-in with signed passes, devices and door staff accounts (C1, C5;
// docs/decisions/0042-door-scans-merged-across-devices.md). post-check-in.test.ts is the spec of
// the answers themselves.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import {
  device,
  doorAccount,
  doorScenario,
  MINUTE,
  passFor,
  scanOf,
  sync,
} from './door.testing.ts';

Deno.test('a genuine pass admits; a forged or re-signed one is 409 forged_ticket and admits nothing', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7, c8 } = await doorScenario(t);
  t.clock.set(show.startsAt);
  const pass = await passFor(t, c7, show.id, 'C7');
  const cut = pass.lastIndexOf('.');
  const sig = pass.slice(cut + 1);
  const flipped = `${pass.slice(0, cut + 1)}${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
  // C8's code in C7's signed pass.
  const swapped = pass.replace(c7.code.replaceAll('-', ''), c8.code.replaceAll('-', ''));
  // Signed with a key the owner never had (an unknown kid).
  const [, kid] = pass.split('.');
  const otherKid = pass.replace(`.${kid}.`, '.AAAAAAAA.');
  for (const code of [flipped, swapped, otherKid]) {
    const res = await t.post('/api/tickets/check-in/', { code, show_id: show.id }, owner.token);
    assert.equal(res.status, 409, code);
    const body = await res.json();
    assert.equal(body.code, 'forged_ticket');
    assert.equal(body.detail, 'This ticket’s QR code is not genuine.');
    assert.equal('ticket' in body, false);
  }
  const [row] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM bookings WHERE checked_in_at IS NOT NULL`;
  assert.equal(row?.n, 0);
  const ok = await t.post('/api/tickets/check-in/', { code: pass, show_id: show.id }, owner.token);
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).ticket.seat_label, 'C7');
  // Another owner scanning it learns nothing: an unknown ticket.
  const other = await t.account('olga', 'owner');
  const theirs = await t.post('/api/tickets/check-in/', { code: pass }, other.token);
  assert.equal(theirs.status, 404);
  assert.equal((await theirs.json()).code, 'ticket_not_found');
});

Deno.test('a door account scans its owner’s tickets (no booker’s name), not another owner’s; removed, it scans nothing', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7, c8 } = await doorScenario(t);
  const door = await doorAccount(t, owner);
  t.clock.set(show.startsAt);
  const shows = await t.get('/api/tickets/check-in/shows/', door.token);
  assert.equal(shows.status, 200);
  assert.deepEqual(
    (await shows.json()).map((s: { id: number }) => s.id),
    [show.id],
  );
  const res = await t.post(
    '/api/tickets/check-in/',
    { code: c7.code, show_id: show.id },
    door.token,
  );
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.ticket.user_name, null);
  assert.equal(body.ticket.seat_label, 'C7');
  const again = await t.post('/api/tickets/check-in/', { code: c7.code }, door.token);
  assert.equal(again.status, 409);
  assert.equal((await again.json()).ticket.user_name, null);

  const other = await t.account('olga', 'owner');
  const otherDoor = await doorAccount(t, other, 'odette');
  const theirs = await t.post('/api/tickets/check-in/', { code: c8.code }, otherDoor.token);
  assert.equal(theirs.status, 404);
  assert.deepEqual(await (await t.get('/api/tickets/check-in/shows/', otherDoor.token)).json(), []);

  await t.db.query`UPDATE door_staff SET removed_at = ${t.clock()} WHERE user_id = ${door.id}`;
  const removed = await t.post('/api/tickets/check-in/', { code: c8.code }, door.token);
  assert.ok([401, 403].includes(removed.status), String(removed.status));
  const [row] = await t.db.query<{ checked_in_at: Date | null }>`
    SELECT checked_in_at FROM bookings WHERE id = ${c8.id}`;
  assert.equal(row?.checked_in_at, null);
});

Deno.test('online and offline scans merge: an offline scan synced later, earlier by its corrected clock, takes the online admission’s place', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7 } = await doorScenario(t);
  t.clock.set(new Date(show.startsAt.getTime() - 20 * MINUTE));
  const offlineAt = t.clock();
  t.clock.advance(2 * MINUTE);
  const online = { device_id: crypto.randomUUID(), device_name: 'Box office' };
  const res = await t.post('/api/tickets/check-in/', { code: c7.code, ...online }, owner.token);
  assert.equal(res.status, 200);
  t.clock.advance(3 * MINUTE);
  const phone = device('Door phone', 45_000);
  const synced = await (await sync(t, owner, phone, [scanOf(show.id, c7.code, offlineAt)])).json();
  assert.equal(synced.results[0].outcome, 'admitted');
  const scans = await t.db.query<{ device_name: string; outcome: string }>`
    SELECT device_name, outcome FROM check_in_scans ORDER BY corrected_at`;
  assert.deepEqual(scans, [
    { device_name: 'Door phone', outcome: 'admitted' },
    { device_name: 'Box office', outcome: 'duplicate' },
  ]);
  const [row] = await t.db.query<{ checked_in_at: Date }>`
    SELECT checked_in_at FROM bookings WHERE id = ${c7.id}`;
  assert.deepEqual(row?.checked_in_at, offlineAt);
});

Deno.test('device fields are checked: a uuid, a name of at most 60 characters without NUL', async () => {
  await using t = await createBookingTestApp();
  const { owner, c7 } = await doorScenario(t);
  for (const [extra, field] of [
    [{ device_id: 'phone-1' }, 'device_id'],
    [{ device_id: crypto.randomUUID(), device_name: 'x'.repeat(61) }, 'device_name'],
    [{ device_id: crypto.randomUUID(), device_name: 'a\u0000' }, 'device_name'],
  ] as const) {
    const res = await t.post('/api/tickets/check-in/', { code: c7.code, ...extra }, owner.token);
    assert.equal(res.status, 400, JSON.stringify(extra));
    assert.ok(field in (await res.json()).fields);
  }
});
