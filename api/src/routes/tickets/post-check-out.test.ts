import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { doorAccount, doorScenario, MINUTE } from './door.testing.ts';
import { CheckInSchema, CheckOutSchema } from './schemas.ts';

Deno.test('re-entry: a holder inside leaves (200 left_at), is admitted again (readmitted: true), and a second exit of one outside is 409 not_checked_in', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7 } = await doorScenario(t);
  t.clock.set(new Date(show.startsAt.getTime() - 10 * MINUTE));
  const device = { device_id: crypto.randomUUID(), device_name: 'Door A' };
  const exit = () =>
    t.post(
      '/api/tickets/check-in/exit/',
      { code: c7.code, show_id: show.id, ...device },
      owner.token,
    );

  const never = await exit();
  assert.equal(never.status, 409);
  const refused = await never.json();
  assert.equal(refused.code, 'not_checked_in');
  assert.equal(refused.detail, 'This ticket is not checked in: there is no one to let out.');
  assert.equal(refused.ticket.seat_label, 'C7');

  const admitted = await t.post(
    '/api/tickets/check-in/',
    { code: c7.code, show_id: show.id, ...device },
    owner.token,
  );
  assert.equal(admitted.status, 200);
  const firstAt = t.clock().toISOString();
  assert.equal('readmitted' in (await admitted.json()), false);

  t.clock.advance(30 * MINUTE);
  const out = await exit();
  assert.equal(out.status, 200);
  const left = CheckOutSchema.parse(await out.json());
  assert.equal(left.left_at, t.clock().toISOString());
  assert.deepEqual(left.counts, { show_id: show.id, checked_in: 1, sold: 3 });
  assert.equal((await exit()).status, 409);

  t.clock.advance(5 * MINUTE);
  const back = await t.post(
    '/api/tickets/check-in/',
    { code: c7.code, show_id: show.id, ...device },
    owner.token,
  );
  assert.equal(back.status, 200);
  const again = CheckInSchema.parse(await back.json());
  assert.equal(again.readmitted, true);
  assert.equal(again.checked_in_at, t.clock().toISOString());
  // The ticket keeps its first admission; inside again, a scan is the usual 409.
  assert.equal(again.ticket.checked_in_at, firstAt);
  const twice = await t.post(
    '/api/tickets/check-in/',
    { code: c7.code, show_id: show.id },
    owner.token,
  );
  assert.equal(twice.status, 409);
  assert.equal((await twice.json()).code, 'already_checked_in');

  const audits = await t.db.query<{ action: string; details: Record<string, unknown> }>`
    SELECT action, details FROM audit_log WHERE action LIKE 'ticket.%' ORDER BY id`;
  assert.deepEqual(
    audits.map((a) => [a.action, a.details.readmitted ?? false, a.details.device_name]),
    [
      ['ticket.checked_in', false, 'Door A'],
      ['ticket.exited', false, 'Door A'],
      ['ticket.checked_in', true, 'Door A'],
    ],
  );
});

Deno.test('exit: a door account of the owner may; another owner 404; a customer 403; the show is required', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c7 } = await doorScenario(t);
  const door = await doorAccount(t, owner);
  const other = await t.account('olga', 'owner');
  t.clock.set(show.startsAt);
  assert.equal((await t.post('/api/tickets/check-in/', { code: c7.code }, door.token)).status, 200);
  const body = { code: c7.code, show_id: show.id };
  const theirs = await t.post('/api/tickets/check-in/exit/', body, other.token);
  assert.equal(theirs.status, 404);
  assert.equal((await theirs.json()).code, 'show_not_found');
  assert.equal((await t.post('/api/tickets/check-in/exit/', body, customer.token)).status, 403);
  const noShow = await t.post('/api/tickets/check-in/exit/', { code: c7.code }, door.token);
  assert.equal(noShow.status, 400);
  const res = await t.post('/api/tickets/check-in/exit/', body, door.token);
  assert.equal(res.status, 200);
  // A door account sees the seat, never the booker's name.
  assert.equal((await res.json()).ticket.user_name, null);
  const [row] = await t.db.query<{ left_at: Date | null }>`
    SELECT left_at FROM bookings WHERE id = ${c7.id}`;
  assert.deepEqual(row?.left_at, t.clock());
});
