// The seat-choice rules on POST holds/ (booking/selection.ts, packages/contract/src/seating.js,
// docs/decisions/0045-screens-and-seat-layouts.md): no single seat stranded between taken ones,
// blocked seats never held, wheelchair spaces and companion seats held back until the show's
// accessible_release_at, and racing holds that would strand a seat between them.
import assert from 'node:assert/strict';
import { bookSeat, takeSeats } from '../../booking/sql.ts';
import type { BookingTestApp, ShowFixture } from '../../testing/booking.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import {
  block,
  blocked,
  companion,
  type Layout,
  layoutShow,
  seat,
  wheelchair,
} from '../../testing/layouts.ts';

const STANDARD = [{ name: 'Standard', price: 100 }];
/** Row A: five seats side by side. */
const FIVE: Layout = { categories: STANDARD, rows: [{ label: 'A', cells: block(5) }] };

async function heldSeats(t: BookingTestApp, showId: number): Promise<string[]> {
  const rows = await t.db.query<{ label: string }>`
    SELECT row_label || col AS label FROM seats
     WHERE show_id = ${showId} AND hold_id IS NOT NULL AND held_until > ${t.clock()}
     ORDER BY row_pos, x`;
  return rows.map((r) => r.label);
}

Deno.test('a selection that leaves one seat empty between taken ones is a 409 seat_stranded naming it; nothing is held', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { show } = await layoutShow(t, owner, FIVE);
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A3')] },
    ana.token,
  );
  assert.equal(res.status, 409);
  const detail =
    'Seat A2 would be left empty on its own. Please choose seats without a single-seat gap.';
  assert.deepEqual(await res.json(), {
    code: 'seat_stranded',
    detail,
    error: detail,
    seats: ['A2'],
  });
  assert.deepEqual(await heldSeats(t, show.id), []);
  assert.deepEqual(await t.db.query`SELECT id FROM holds`, []);
  // Next to an aisle a lone seat is fine: A1 stays free beside A2's edge of the row.
  const edge = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A2'), show.seat('A3')] },
    ana.token,
  );
  assert.equal(edge.status, 201);
});

Deno.test('a gap ends a block: seats on both sides of an aisle may each leave the seat at the aisle free', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const aisle: Layout = {
    categories: STANDARD,
    rows: [{ label: 'A', cells: [seat(), seat(), seat(), null, seat(), seat(), seat()] }],
  };
  const { show } = await layoutShow(t, owner, aisle);
  // Seats are numbered on across the aisle: A4 is the fifth cell. Holding A2 and A5 leaves A1,
  // A3, A4 and A6 free, each at an edge of its block.
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A2'), show.seat('A5')] },
    ana.token,
  );
  assert.equal(res.status, 201);
  assert.deepEqual(await heldSeats(t, show.id), ['A2', 'A5']);
});

Deno.test('the customer’s own hold counts as free: re-picking A2 as A4 in a row of five is fine', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { show } = await layoutShow(t, owner, FIVE);
  const first = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A2')] },
    ana.token,
  );
  assert.equal(first.status, 201);
  const again = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A4')] },
    ana.token,
  );
  assert.equal(again.status, 201);
  assert.deepEqual(await heldSeats(t, show.id), ['A4']);
});

Deno.test('a seat someone else bought counts as taken: the seat between is stranded', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const [ana, bea] = await t.customers(2);
  assert.ok(ana && bea);
  const { show } = await layoutShow(t, owner, FIVE);
  assert.equal((await t.holdAndPay(bea, show.id, [show.seat('A2')])).status, 201);
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A4')] },
    ana.token,
  );
  assert.equal(res.status, 409);
  assert.deepEqual((await res.json()).seats, ['A3']);
  // Taking the seat between as well is what the rule asks for.
  const both = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A3'), show.seat('A4')] },
    ana.token,
  );
  assert.equal(both.status, 201);
});

Deno.test('a strand the block cannot avoid is allowed: one-seat customers fill X _ _ X', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const [ana, bea, cara] = await t.customers(3);
  assert.ok(ana && bea && cara);
  const { show } = await layoutShow(t, owner, FIVE);
  const sold = [show.seat('A1'), show.seat('A4'), show.seat('A5')];
  assert.equal((await t.holdAndPay(bea, show.id, sold)).status, 201);
  // A2 leaves A3 alone, but so would A3 leave A2, and the block has no other seat.
  for (const [customer, label] of [
    [ana, 'A2'],
    [cara, 'A3'],
  ] as const) {
    const res = await t.post(
      '/api/holds/',
      { show_id: show.id, seat_ids: [show.seat(label)] },
      customer.token,
    );
    assert.equal(res.status, 201, label);
  }
  assert.deepEqual(await heldSeats(t, show.id), ['A2', 'A3']);
});

Deno.test('two customers racing for seats 2 and 4 of a block of five: one hold, the other 409 seat_stranded (10 rounds)', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const [ana, bea] = await t.customers(2);
  assert.ok(ana && bea);
  const first = await layoutShow(t, owner, FIVE);
  for (let round = 0; round < 10; round++) {
    // A show of its own each round, on the same screen, three hours after the last.
    const show: ShowFixture =
      round === 0
        ? first.show
        : await t.show(first.movie, first.theater, {
            screenId: first.screenId,
            startsAt: new Date(t.clock().getTime() + (24 + 3 * round) * 3600_000),
          });
    const [a, b]: [Response, Response] = await Promise.all([
      t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A2')] }, ana.token),
      t.post('/api/holds/', { show_id: show.id, seat_ids: [show.seat('A4')] }, bea.token),
    ]);
    const statuses = [a.status, b.status].sort();
    assert.deepEqual(statuses, [201, 409], `round ${round}`);
    const lost = a.status === 409 ? a : b;
    const body = await lost.json();
    assert.equal(body.code, 'seat_stranded');
    assert.deepEqual(body.seats, ['A3']);
    assert.equal((await heldSeats(t, show.id)).length, 1, `round ${round}`);
    // The winner's hold lapses before the next round (no hold limit builds up).
    t.clock.advance(21 * 60_000);
  }
});

Deno.test('blocked seats are never held: 409 seats_unavailable naming them, and the SQL refuses them too', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const layout: Layout = {
    categories: STANDARD,
    rows: [{ label: 'A', cells: [seat(), blocked(), seat(), seat()] }],
  };
  const { show } = await layoutShow(t, owner, layout);
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2')] },
    ana.token,
  );
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    code: 'seats_unavailable',
    detail: 'Some seats are no longer available: A2',
    error: 'Some seats are no longer available: A2',
    seats: ['A2'],
  });
  // A1 alone beside the blocked seat was never anybody's to fill: holding A1 is fine.
  const a1 = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    ana.token,
  );
  assert.equal(a1.status, 201);
  // The SQL refuses it too, whatever a route checked before (booking/sql.ts).
  const now = t.clock();
  const until = new Date(now.getTime() + 60_000);
  await t.db.transaction(async (tx) => {
    const [hold] = await tx.query<{ id: number }>`SELECT id FROM holds`;
    assert.ok(hold);
    const ids = [show.seat('A2')];
    const q = { id: hold.id, userId: ana.id, showId: show.id, seatIds: ids, now, until };
    assert.deepEqual(await takeSeats(tx, q), []);
    const booking = { userId: ana.id, seatId: show.seat('A2'), now, idempotencyKey: null };
    assert.equal(await bookSeat(tx, booking), null);
  });
  const [taken] = await t.db.query<{ n: number }>`
    SELECT (SELECT count(*) FROM seats WHERE kind = 'blocked' AND hold_id IS NOT NULL)
         + (SELECT count(*) FROM bookings)::integer AS n`;
  assert.equal(Number(taken?.n), 0);
});

/** Row A: seat, wheelchair space, companion seat, seat. */
const ACCESSIBLE: Layout = {
  categories: STANDARD,
  rows: [{ label: 'A', cells: [seat(), wheelchair(), companion(), seat(), seat()] }],
};

Deno.test('before the release a wheelchair space needs accessible: true; with it, the space and its companion seat are held together', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { show, releaseAt } = await layoutShow(t, owner, ACCESSIBLE);
  assert.ok(t.clock() < releaseAt);
  const s = show.seat;
  const plain = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A2'), s('A3')] },
    ana.token,
  );
  assert.equal(plain.status, 409);
  const detail =
    "Wheelchair spaces are kept for customers who need one until shortly before the show. Choose 'I need a wheelchair space' to book A2.";
  assert.deepEqual(await plain.json(), {
    code: 'accessible_seat_held_back',
    detail,
    error: detail,
    seats: ['A2'],
  });
  const needed = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A2'), s('A3')], accessible: true },
    ana.token,
  );
  assert.equal(needed.status, 201);
  assert.deepEqual(await heldSeats(t, show.id), ['A2', 'A3']);
});

Deno.test('a companion seat alone while its space is free is a 409 companion_seat_alone, until accessible_release_at ends the hold-back', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { show, releaseAt } = await layoutShow(t, owner, ACCESSIBLE);
  const s = show.seat;
  const hold = () =>
    t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A3'), s('A4')] }, ana.token);
  t.clock.set(new Date(releaseAt.getTime() - 1000));
  const early = await hold();
  assert.equal(early.status, 409);
  const detail =
    'Companion seat A3 goes with wheelchair space A2: book them together, or choose another seat.';
  assert.deepEqual(await early.json(), {
    code: 'companion_seat_alone',
    detail,
    error: detail,
    seats: ['A3'],
  });
  // Nothing runs at that moment: the rule compares the clock with the show's release time.
  t.clock.set(releaseAt);
  const released = await hold();
  assert.equal(released.status, 201);
  // And the space itself is an ordinary seat now, without accessible: true.
  const [bea] = await t.customers(1, 'bea');
  assert.ok(bea);
  const space = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A1'), s('A2')] },
    bea.token,
  );
  assert.equal(space.status, 201);
});

Deno.test('accessible must be a boolean', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const ana = await t.account('ana');
  const { show } = await layoutShow(t, owner, ACCESSIBLE);
  const res = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A2')], accessible: 'yes' },
    ana.token,
  );
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.code, 'validation_error');
  assert.equal(body.fields.accessible, 'accessible must be true or false.');
});
