import assert from 'node:assert/strict';
import { HOLD_MINUTES } from '../booking/rules.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { createOfferTicker } from './offer-ticker.ts';

const MINUTE = 60_000;

/** A 2-seat show held whole by Ana (unpaid), Bea then Carl on its waitlist for 2 seats each. */
async function heldOut() {
  const t = await createBookingTestApp();
  const { show, customer: ana } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const [bea, carl] = await t.customers(2);
  assert.ok(bea && carl);
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2')] },
    ana.token,
  );
  assert.equal(held.status, 201);
  for (const who of [bea, carl]) {
    const res = await t.post(`/api/onsale/${show.id}/waitlist/`, { seats: 2 }, who.token);
    assert.equal(res.status, 200, await res.clone().text());
    t.clock.advance(1000);
  }
  const ticker = (intervalMs?: number) =>
    createOfferTicker({
      db: t.db,
      clock: t.clock,
      logger: t.logger,
      onOffered: () => t.emails.wake(),
      ...(intervalMs ? { intervalMs } : {}),
    });
  const states = async () =>
    await t.db.query<{ user_id: number; state: string }>`
      SELECT user_id, state FROM waitlist WHERE show_id = ${show.id} ORDER BY seq`;
  return { t, show, ana, bea, carl, ticker, states };
}

Deno.test('with nobody polling, a lapsed hold is offered to the first entry, and an unclaimed offer passes to the next', async () => {
  const { t, show, bea, carl, ticker, states } = await heldOut();
  await using _ = t;
  const tick = ticker().tick;
  // Ana's hold is in force: nothing to offer.
  assert.deepEqual(await tick(), []);
  assert.deepEqual(await t.seatsOf(bea, show.id), { booked: 0, held: 0 });

  t.clock.advance(HOLD_MINUTES * MINUTE);
  assert.deepEqual(await tick(), [bea.id]);
  assert.deepEqual(await t.seatsOf(bea, show.id), { booked: 0, held: 2 });
  assert.deepEqual(await states(), [
    { user_id: bea.id, state: 'offered' },
    { user_id: carl.id, state: 'waiting' },
  ]);
  await t.settled();
  const [email] = t.mail.to(bea.email);
  assert.ok(email, 'the offer is emailed');
  assert.match(email.text, /seats A1, A2 are held in your name/);
  // A second tick while the offer stands changes nothing.
  assert.deepEqual(await tick(), []);

  t.clock.advance(HOLD_MINUTES * MINUTE);
  assert.deepEqual(await tick(), [carl.id]);
  assert.deepEqual(await t.seatsOf(carl, show.id), { booked: 0, held: 2 });
  assert.deepEqual(await t.seatsOf(bea, show.id), { booked: 0, held: 0 });
  assert.deepEqual(await states(), [
    { user_id: bea.id, state: 'passed' },
    { user_id: carl.id, state: 'offered' },
  ]);
});

Deno.test('two instances ticking at once make one offer; the timer ticks by itself and stops cleanly', async () => {
  const { t, show, bea, carl, ticker, states } = await heldOut();
  await using _ = t;
  t.clock.advance(HOLD_MINUTES * MINUTE);
  const [one, two] = await Promise.all([ticker().tick(), ticker().tick()]);
  assert.deepEqual([...(one ?? []), ...(two ?? [])], [bea.id]);
  const [holds] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM holds WHERE show_id = ${show.id} AND user_id = ${bea.id}`;
  assert.equal(holds?.n, 1);

  t.clock.advance(HOLD_MINUTES * MINUTE);
  const timed = ticker(20);
  timed.start();
  timed.start();
  assert.equal(timed.running, true);
  for (let i = 0; i < 200; i++) {
    if ((await t.seatsOf(carl, show.id)).held === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await timed.stop();
  assert.equal(timed.running, false);
  assert.deepEqual(await t.seatsOf(carl, show.id), { booked: 0, held: 2 });
  assert.deepEqual(
    (await states()).map((s) => s.state),
    ['passed', 'offered'],
  );
});
