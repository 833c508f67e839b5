import assert from 'node:assert/strict';
import type { Account } from '../../testing/booking.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { sse } from '../../testing/sse.ts';
import { device, doorAccount, doorScenario, MINUTE, scanOf, sync } from './door.testing.ts';
import { ShowScansSchema } from './sync-schemas.ts';

Deno.test('the scans summary: counts with inside, per device, each duplicate with both devices and times', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7, c8, c9 } = await doorScenario(t);
  const door = await doorAccount(t, owner);
  t.clock.set(new Date(show.startsAt.getTime() - 15 * MINUTE));
  const t0 = t.clock();
  const at = (m: number) => new Date(t0.getTime() + m * MINUTE);
  const a = device('Door A');
  const b = device('Door B', 30_000);
  t.clock.advance(10 * MINUTE);
  await sync(t, door, a, [scanOf(show.id, c7.code, at(1)), scanOf(show.id, c8.code, at(2))]);
  await sync(t, owner, b, [
    scanOf(show.id, c7.code, at(3)),
    scanOf(show.id, c8.code, at(4), 'exit'),
    scanOf(show.id, c9.code, at(5)),
  ]);
  const res = await t.get(`/api/tickets/check-in/shows/${show.id}/scans/`, door.token);
  assert.equal(res.status, 200);
  const body = ShowScansSchema.parse(await res.json());
  assert.deepEqual(body.counts, { show_id: show.id, checked_in: 3, sold: 3, inside: 2 });
  assert.deepEqual(body.devices, [
    {
      device_id: a.id,
      device_name: 'Door A',
      admitted: 2,
      duplicates: 0,
      last_scan_at: at(2).toISOString(),
    },
    {
      device_id: b.id,
      device_name: 'Door B',
      admitted: 1,
      duplicates: 1,
      last_scan_at: at(5).toISOString(),
    },
  ]);
  assert.deepEqual(body.duplicates, [
    {
      seat_label: 'C7',
      first: { device_id: a.id, device_name: 'Door A', at: at(1).toISOString() },
      again: { device_id: b.id, device_name: 'Door B', at: at(3).toISOString() },
    },
  ]);
  const other = await t.account('olga', 'owner');
  assert.equal(
    (await t.get(`/api/tickets/check-in/shows/${show.id}/scans/`, other.token)).status,
    404,
  );
});

Deno.test('a duplicate marks the seat on the owner’s map (cached and live through seat events); customers see neither', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c7 } = await doorScenario(t);
  t.clock.set(new Date(show.startsAt.getTime() - 20 * MINUTE));
  const map = `/api/shows/${show.id}/seats/`;
  const seatOf = async (who: Account, label: string) => {
    const seats = await (await t.get(map, who.token)).json();
    return seats.find((s: { label: string }) => s.label === label);
  };
  assert.equal(
    (await t.post('/api/tickets/check-in/', { code: c7.code }, owner.token)).status,
    200,
  );
  // Read once before, so the cached snapshot must follow the change.
  assert.deepEqual(
    [(await seatOf(owner, 'C7')).checked_in, 'duplicate' in (await seatOf(owner, 'C7'))],
    [true, false],
  );
  const events = sse(await t.get(`/api/shows/${show.id}/seats/events/`, owner.token));
  await events.until((m) => m.event === 'ready');
  const again = await sync(t, owner, device('Door B'), [scanOf(show.id, c7.code, t.clock())]);
  assert.equal((await again.json()).results[0].outcome, 'duplicate');

  const change = events.json<{ seats: unknown[] }>(
    await events.until((m) => m.event === 'seats', 2000),
  );
  assert.deepEqual(change.seats, [
    {
      id: show.seat('C7'),
      status: 'booked',
      booked_by: customer.username,
      checked_in: true,
      duplicate: true,
    },
  ]);
  await events.close();
  const seat = await seatOf(owner, 'C7');
  assert.equal(seat.duplicate, true);
  assert.equal('duplicate' in (await seatOf(owner, 'C8')), false);
  const forCustomer = await seatOf(customer, 'C7');
  assert.equal('duplicate' in forCustomer, false);
  assert.equal('checked_in' in forCustomer, false);
  // A second duplicate changes nothing on the map (the seat is flagged already).
  const [before] = await t.db.query<{
    v: number;
  }>`SELECT seats_version AS v FROM shows WHERE id = ${show.id}`;
  await sync(t, owner, device('Door C'), [scanOf(show.id, c7.code, t.clock())]);
  const [after] = await t.db.query<{
    v: number;
  }>`SELECT seats_version AS v FROM shows WHERE id = ${show.id}`;
  assert.equal(after?.v, before?.v);
});
