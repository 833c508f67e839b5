// Seats carry their own price (docs/decisions/0045-screens-and-seat-layouts.md): a hold's total,
// the bookings its payment makes, My Tickets, the owner's list, the order email and the sales
// report all add up the prices of the seats, not one price per ticket.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { type Layout, layoutShow, seat } from '../../testing/layouts.ts';

/** Row A: three Standard seats at 100; row B: three Recliners at 350. */
const PRICED: Layout = {
  categories: [
    { name: 'Standard', price: 100 },
    { name: 'Recliner', price: 350 },
  ],
  rows: [
    { label: 'A', cells: [seat(), seat(), seat()] },
    { label: 'B', cells: [seat('Recliner'), seat('Recliner'), seat('Recliner')] },
  ],
};

Deno.test('a Recliner at 350 and a Standard seat at 100: the hold, the tickets, My Tickets, the email and the report say 450', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { show } = await layoutShow(t, owner, PRICED);
  const s = show.seat;

  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('B1'), s('A1')] },
    ana.token,
  );
  assert.equal(held.status, 201);
  const hold = await held.json();
  assert.equal(hold.total_price, 450);
  assert.deepEqual(
    hold.seats.map((x: { label: string }) => x.label),
    ['A1', 'B1'],
  );
  assert.equal((await (await t.get(`/api/holds/${hold.id}/`, ana.token)).json()).total_price, 450);
  const listed = await (await t.get(`/api/holds/?show=${show.id}`, ana.token)).json();
  assert.deepEqual(
    listed.map((h: { total_price: number }) => h.total_price),
    [450],
  );

  const paid = await t.post(`/api/holds/${hold.id}/confirm/`, undefined, ana.token, {
    'Idempotency-Key': crypto.randomUUID(),
  });
  assert.equal(paid.status, 201);
  const { tickets } = await paid.json();
  assert.deepEqual(
    tickets.map((x: { seat: { row: string }; total_price: number }) => [x.seat.row, x.total_price]),
    [
      ['B', 350],
      ['A', 100],
    ].sort(),
  );
  const stored = await t.db.query<{ label: string; price: number }>`
    SELECT se.row_label || se.col AS label, b.price FROM bookings b
      JOIN seats se ON se.id = b.seat_id
     ORDER BY label`;
  assert.deepEqual(stored, [
    { label: 'A1', price: 100 },
    { label: 'B1', price: 350 },
  ]);

  const mine = await (await t.get('/api/my-tickets/', ana.token)).json();
  assert.deepEqual(mine.map((x: { total_price: number }) => x.total_price).sort(), [100, 350]);
  const owned = await (await t.get('/api/bookings/owner/?page=1', owner.token)).json();
  assert.deepEqual(
    owned.results.map((x: { total_price: number }) => x.total_price).sort(),
    [100, 350],
  );

  await t.settled();
  const [email] = t.mail.to('ana@example.com');
  assert.ok(email);
  assert.ok(email.text.includes('Seats: A1 (Standard, ₹100), B1 (Recliner, ₹350)'), email.text);
  assert.ok(email.text.includes('Total: ₹450'));
  assert.ok(email.html?.includes('Recliner · ₹350'));
  assert.ok(email.html?.includes('₹450'));

  const report = await (await t.get('/api/reports/', owner.token)).json();
  assert.equal(report.totals.tickets_sold, 2);
  assert.equal(report.totals.revenue, 450);
  assert.deepEqual(
    report.by_show.map((x: { show_id: number; revenue: number }) => [x.show_id, x.revenue]),
    [[show.id, 450]],
  );
  assert.equal(report.by_theater[0]?.revenue, 450);
  assert.equal(report.by_movie[0]?.revenue, 450);
  assert.equal(report.by_day[0]?.revenue, 450);

  // A cancelled Recliner leaves the Standard seat's 100 in the takings.
  const recliner = tickets.find((x: { seat: { row: string } }) => x.seat.row === 'B');
  const cancelled = await t.request('PATCH', `/api/bookings/${recliner.id}/cancel/`, {
    token: ana.token,
  });
  assert.equal(cancelled.status, 200);
  const after = await (await t.get('/api/reports/', owner.token)).json();
  assert.equal(after.totals.revenue, 100);
  assert.equal(after.totals.cancellations, 1);
});

Deno.test('the spec’s per-seat booking of a Recliner costs 350, and a hold of three Standard seats 300', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const [ana, bea] = await t.customers(2);
  assert.ok(ana && bea);
  const { theater, show } = await layoutShow(t, owner, PRICED);
  const booked = await t.post(
    '/api/bookings/',
    { movie_id: show.movieId, theater_id: theater.id, show_id: show.id, row: 'B', column: 2 },
    ana.token,
  );
  assert.equal(booked.status, 201);
  assert.equal((await booked.json()).total_price, 350);
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2'), show.seat('A3')] },
    bea.token,
  );
  assert.equal((await held.json()).total_price, 300);
  const [row] = await t.db.query<{ revenue: number }>`
    SELECT revenue::integer AS revenue FROM shows WHERE id = ${show.id}`;
  assert.equal(row?.revenue, 350);
});
