import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { CheckInShowSchema } from './schemas.ts';

// The test clock starts at 2026-03-01T10:00Z, 15:30 in Asia/Kolkata.
Deno.test('the door lists the owner’s shows of today (local), with counts, soonest first', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  const theirs = await t.theater(oscar, { name: 'Sathyam' });
  const leo = await t.movie(theirs, { title: 'Leo' });
  // Yesterday 23:00 local to today 01:00: over, and not today's.
  await t.show(jawan, pvr, { startsAt: new Date('2026-02-28T17:30:00Z') });
  const running = await t.show(jawan, pvr, { startsAt: new Date('2026-03-01T09:00:00Z') }); // 14:30
  const tonight = await t.show(jawan, pvr, { startsAt: new Date('2026-03-01T16:00:00Z') }); // 21:30
  // 23:45 local, today; 00:15 tomorrow is not.
  const late = await t.show(jawan, pvr, {
    startsAt: new Date('2026-03-01T18:15:00Z'),
    minutes: 20,
  });
  await t.show(jawan, pvr, { startsAt: new Date('2026-03-01T18:45:00Z'), minutes: 20 });
  await t.show(leo, theirs, { startsAt: new Date('2026-03-01T16:00:00Z') });
  const [ana] = await t.customers(1);
  assert.ok(ana);
  t.clock.set(new Date('2026-03-01T08:00:00Z'));
  assert.equal(
    (await t.holdAndPay(ana, tonight.id, [tonight.seat('A1'), tonight.seat('A2')])).status,
    201,
  );
  t.clock.set(new Date('2026-03-01T15:30:00Z'));
  const paid = await t.holdAndPay(ana, tonight.id, [tonight.seat('A3')]);
  const code = (await paid.json()).tickets[0].code;
  assert.equal(
    (await t.post('/api/tickets/check-in/', { code, show_id: tonight.id }, olga.token)).status,
    200,
  );
  t.clock.set(new Date('2026-03-01T10:00:00Z'));

  const res = await t.get('/api/tickets/check-in/shows/', olga.token);
  assert.equal(res.status, 200);
  const shows = await res.json();
  for (const show of shows) CheckInShowSchema.parse(show);
  assert.deepEqual(
    shows.map((s: { id: number; start_time: string; sold: number; checked_in: number }) => [
      s.id,
      s.start_time,
      s.sold,
      s.checked_in,
    ]),
    [
      [running.id, '14:30', 0, 0],
      [tonight.id, '21:30', 3, 1],
      [late.id, '23:45', 0, 0],
    ],
  );
  assert.equal(shows[1].opens_at, '2026-03-01T15:00:00.000Z');
  assert.equal(shows[1].opens_time, '20:30');
  assert.equal(shows[1].theater_name, 'PVR');

  const admin = await t.account('root', 'admin');
  const all = await (await t.get('/api/tickets/check-in/shows/', admin.token)).json();
  assert.equal(all.length, 4);
  assert.equal((await t.get('/api/tickets/check-in/shows/', ana.token)).status, 403);
  assert.equal((await t.get('/api/tickets/check-in/shows/')).status, 401);
});

Deno.test('late in the evening the door lists tomorrow’s first shows once their check-in opens', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR' });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  // 00:15 and 01:30 tomorrow (local): check-in opens at 23:15 and 00:30.
  const midnight = await t.show(jawan, pvr, {
    startsAt: new Date('2026-03-01T18:45:00Z'),
    minutes: 60,
  });
  const later = await t.show(jawan, pvr, { startsAt: new Date('2026-03-01T20:00:00Z') });
  // Another owner's midnight show is never on olga's door.
  const oscar = await t.account('oscar', 'owner');
  const theirs = await t.theater(oscar, { name: 'Sathyam' });
  await t.show(await t.movie(theirs, { title: 'Leo' }), theirs, {
    startsAt: new Date('2026-03-01T18:45:00Z'),
  });
  const listed = async () =>
    (
      (await (await t.get('/api/tickets/check-in/shows/', olga.token)).json()) as { id: number }[]
    ).map((s) => s.id);

  t.clock.set(new Date('2026-03-01T17:40:00Z')); // 23:10 local: not yet open
  assert.deepEqual(await listed(), []);
  t.clock.set(new Date('2026-03-01T17:50:00Z')); // 23:20 local: the 00:15 show's door is open
  assert.deepEqual(await listed(), [midnight.id]);
  t.clock.set(new Date('2026-03-01T19:00:00Z')); // 00:30 local, the next day: both are today's
  assert.deepEqual(await listed(), [midnight.id, later.id]);
});
