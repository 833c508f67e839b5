// The report reads each show's figures from its row (migration 0014), kept by the transactions
// that book, cancel and check in (booking/sql.ts recordSeatChange). This test holds it to a count
// from scratch over the bookings, after every kind of write, racing ones from two API instances
// included.
import assert from 'node:assert/strict';
import { testClock } from '../../testing/app.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { expectedReport, truthShows } from './get-report-figures.testing.ts';

Deno.test('after holds, payments, cancellations, lapses, check-ins and races from two API instances, the report equals a count over the bookings', async () => {
  await using base = await createTestDb();
  await using second = secondPool(base);
  // 2026-03-01T10:00Z, 15:30 in Asia/Kolkata.
  const clock = testClock();
  await using a = await createBookingTestApp({ db: base.db, clock });
  await using b = await createBookingTestApp({
    db: second.db,
    clock,
    config: { jwtSecret: a.config.jwtSecret },
  });
  const olga = await a.account('olga', 'owner');
  const oscar = await a.account('oscar', 'owner');
  const admin = await a.account('root', 'admin');
  const alpha = await a.theater(olga, { name: 'Alpha Screens', rows: 3, seatsPerRow: 8 });
  const beta = await a.theater(olga, { name: 'Beta Cinema', rows: 2, seatsPerRow: 5 });
  const gamma = await a.theater(oscar, { name: 'Gamma Talkies', rows: 2, seatsPerRow: 4 });
  const jawan = await a.movie(alpha, { title: 'Jawan' });
  const dunki = await a.movie(alpha, { title: 'Dunki' });
  const leo = await a.movie(beta, { title: 'Leo' });
  const vikram = await a.movie(gamma, { title: 'Vikram' });
  // s1 and s2 start within the hour (their doors are open); s3 and s4 tomorrow; s5 at 01:00
  // local on 03-04 (03-03 in UTC), counted on its local date.
  const s1 = await a.show(jawan, alpha, { startsAt: new Date('2026-03-01T10:30:00Z') });
  const s2 = await a.show(leo, beta, { startsAt: new Date('2026-03-01T10:45:00Z') });
  const s3 = await a.show(dunki, alpha, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const s4 = await a.show(vikram, gamma, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const s5 = await a.show(jawan, alpha, { startsAt: new Date('2026-03-03T19:30:00Z') });
  const fans = await a.customers(40, 'fan');
  const fan = (i: number): Account => {
    const f = fans[i];
    if (!f) throw new Error(`no fan ${i}`);
    return f;
  };
  const via = (i: number): BookingTestApp => (i % 2 === 0 ? a : b);
  const direct = (
    i: number,
    show: typeof s1,
    movie: { id: number },
    theaterId: number,
    label: string,
  ) =>
    via(i).post(
      '/api/bookings/',
      {
        movie_id: movie.id,
        theater_id: theaterId,
        show_id: show.id,
        row: label.slice(0, 1),
        column: Number(label.slice(1)),
      },
      fan(i).token,
    );
  const cancel = (i: number, bookingId: number) =>
    via(i + 1).request('PATCH', `/api/bookings/${bookingId}/cancel/`, { token: fan(i).token });

  // One at a time: payments through holds, single-seat bookings, a released hold, a lapsed one.
  for (const [i, show, labels] of [
    [0, s1, ['A1', 'A2', 'A3']],
    [1, s1, ['B1']],
    [2, s2, ['A1', 'A2']],
    [3, s3, ['A1', 'A2', 'A3', 'A4']],
    [4, s4, ['A1']],
    [5, s5, ['C6']],
  ] as const) {
    const res = await via(i).holdAndPay(fan(i), show.id, labels.map(show.seat));
    assert.equal(res.status, 201, `fan${i + 1}`);
  }
  const single = await direct(6, s4, vikram, gamma.id, 'B4');
  assert.equal(single.status, 201);
  const released = await (
    await b.post('/api/holds/', { show_id: s3.id, seat_ids: [s3.seat('C1')] }, fan(7).token)
  ).json();
  assert.equal(
    (await a.request('DELETE', `/api/holds/${released.id}/`, { token: fan(7).token })).status,
    204,
  );
  const lapsing = await a.post(
    '/api/holds/',
    { show_id: s3.id, seat_ids: [s3.seat('C2')] },
    fan(8).token,
  );
  assert.equal(lapsing.status, 201);
  clock.advance(11 * 60_000); // 10:11Z: the hold has lapsed; C2 is free for anyone
  assert.equal((await direct(9, s3, dunki, alpha.id, 'C2')).status, 201);
  assert.equal((await cancel(6, (await single.json()).id)).status, 200);

  // Racing: 24 customers for 12 seats of s3 (two for each seat, one through each instance), and
  // four more paying for two seats each of s5, all at once.
  const seatOfPair = (k: number) => {
    const pair = Math.floor(k / 2);
    return `${pair % 2 === 0 ? 'B' : 'C'}${3 + Math.floor(pair / 2)}`;
  };
  const [raced, paid] = await Promise.all([
    Promise.all(
      Array.from({ length: 24 }, (_, k) => direct(10 + k, s3, dunki, alpha.id, seatOfPair(k))),
    ),
    Promise.all(
      [34, 35, 36, 37].map((i, k) => {
        const row = k < 2 ? 'A' : 'B';
        const col = 2 * (k % 2) + 1;
        return via(i).holdAndPay(fan(i), s5.id, [
          s5.seat(`${row}${col}`),
          s5.seat(`${row}${col + 1}`),
        ]);
      }),
    ),
  ]);
  const won = raced.filter((r) => r.status === 201);
  assert.equal(won.length, 12);
  assert.ok(raced.every((r) => r.status === 201 || r.status === 409));
  assert.deepEqual(
    paid.map((r) => r.status),
    [201, 201, 201, 201],
  );
  // Racing: cancellations of half the winners, new bookings of other seats of s3, and check-ins
  // at both doors (each of s1's codes scanned twice at once, through both instances).
  const cancels = await Promise.all(
    won
      .filter((_, k) => k % 2 === 0)
      .map(async (r) => {
        const { id } = await r.json();
        const [row] = await a.db.query<{ user_id: number }>`
          SELECT user_id FROM bookings WHERE id = ${id}`;
        return { fan: fans.findIndex((f) => f.id === row?.user_id), id: id as number };
      }),
  );
  const codes = async (showId: number) =>
    (
      await a.db.query<{ code: string }>`
        SELECT code FROM bookings WHERE show_id = ${showId} AND NOT is_cancelled ORDER BY id`
    ).map((r) => r.code);
  const s1Codes = await codes(s1.id);
  const s2Codes = await codes(s2.id);
  const [cancelled, booked, s1Doors, s2Door] = await Promise.all([
    Promise.all(cancels.map((c) => cancel(c.fan, c.id))),
    Promise.all([38, 39].map((i, k) => direct(i, s3, dunki, alpha.id, `A${5 + k}`))),
    Promise.all(
      s1Codes.flatMap((code) => [
        a.post('/api/tickets/check-in/', { code }, olga.token),
        b.post('/api/tickets/check-in/', { code }, admin.token),
      ]),
    ),
    b.post('/api/tickets/check-in/', { code: s2Codes[0] }, olga.token),
  ]);
  assert.deepEqual(
    cancelled.map((r) => r.status),
    cancels.map(() => 200),
  );
  assert.deepEqual(
    booked.map((r) => r.status),
    [201, 201],
  );
  assert.equal(s1Codes.length, 4);
  assert.equal(s1Doors.filter((r) => r.status === 200).length, 4);
  assert.equal(s1Doors.filter((r) => r.status === 409).length, 4);
  assert.equal(s2Door.status, 200);

  // s1 has started (10:35Z), s2 (10:45Z) not yet: s1's ticket not checked in is a no-show.
  clock.set(new Date('2026-03-01T10:35:00Z'));
  const now = clock();
  const truth = await truthShows(a.db);

  // The figures every write keeps on the show's row are the counts from scratch.
  const stored = await a.db.query<{
    id: number;
    booked_seats: number;
    cancelled_bookings: number;
    checked_in_seats: number;
  }>`SELECT id, booked_seats, cancelled_bookings, checked_in_seats FROM shows ORDER BY starts_at, id`;
  assert.deepEqual(
    stored,
    truth.map((s) => ({
      id: s.show_id,
      booked_seats: s.sold,
      cancelled_bookings: s.cancelled,
      checked_in_seats: s.checked_in,
    })),
  );
  // Something of each kind happened.
  assert.ok(truth.some((s) => s.cancelled > 0) && truth.some((s) => s.checked_in > 0));

  for (const [who, ownerId, query, from, to] of [
    [admin, null, '', '2026-01-30', '2026-03-31'],
    [olga, olga.id, '', '2026-01-30', '2026-03-31'],
    [oscar, oscar.id, '', '2026-01-30', '2026-03-31'],
    [admin, null, '?from=2026-03-02&to=2026-03-03', '2026-03-02', '2026-03-03'],
    [olga, olga.id, '?from=2026-03-04&to=2026-03-04', '2026-03-04', '2026-03-04'],
  ] as const) {
    for (const app of [a, b]) {
      const res = await app.get(`/api/reports/${query}`, who.token);
      assert.equal(res.status, 200);
      assert.deepEqual(
        await res.json(),
        expectedReport(truth, { from, to, ownerId, now }),
        `${who.username} ${query}`,
      );
    }
  }
});
