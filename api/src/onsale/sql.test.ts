// First joins in one statement (onsale/sql.ts joinLinesFirst): each join its own answer, the
// line in arrival order after the opening, a customer twice in one batch given one place.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';
import { LINE_EARLY_MINUTES } from './rules.ts';
import { joinLinesFirst } from './sql.ts';

const SECOND = 1000;

Deno.test('first joins in one statement: arrival order after the opening, random before it, one place per customer', async () => {
  await using t = await createBookingTestApp();
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const [ana, bea, cal, dev] = await t.customers(4, 'fan');
  assert.ok(ana && bea && cal && dev);
  const opensAt = new Date('2026-12-01T10:00:00Z');
  const at = (ms: number) => new Date(opensAt.getTime() + ms);
  const join = (userId: number, now: Date) => ({ showId: show.id, userId, opensAt, now });

  // Bea was a second earlier than Cal though her join comes later in the batch; Cal's is twice
  // (two tabs), Dev came two minutes before the opening.
  const answers = await joinLinesFirst(t.db, [
    join(cal.id, at(2 * SECOND)),
    join(bea.id, at(1 * SECOND)),
    join(cal.id, at(2 * SECOND)),
    join(dev.id, at(-2 * 60 * SECOND)),
  ]);
  assert.ok(answers[0] && answers[1] && answers[3]);
  assert.equal(answers[2], null); // Cal's second tab: the first one's place
  assert.equal(answers[0].sort_key, at(2 * SECOND).getTime() / 1000);
  assert.equal(answers[1].sort_key, at(1 * SECOND).getTime() / 1000);
  assert.deepEqual(answers[1].joined_at, at(1 * SECOND));
  const early = opensAt.getTime() / 1000 - answers[3].sort_key;
  assert.ok(early >= 0 && early <= LINE_EARLY_MINUTES * 60, `${early} s before the opening`);

  // Already in line: nothing written, null; a new customer in the same batch still joins.
  const again = await joinLinesFirst(t.db, [
    join(bea.id, at(5 * SECOND)),
    join(ana.id, at(5 * SECOND)),
  ]);
  assert.equal(again[0], null);
  assert.ok(again[1]);
  const order = await t.db.query<{ user_id: number }>`
    SELECT user_id FROM sale_line WHERE show_id = ${show.id} ORDER BY sort_key, seq`;
  assert.deepEqual(
    order.map((r) => r.user_id),
    [dev.id, bea.id, cal.id, ana.id],
  );

  // Arrivals in the same millisecond: the batch's order (seq) decides.
  await t.db.query`DELETE FROM sale_line WHERE show_id = ${show.id}`;
  const same = at(3 * SECOND);
  await joinLinesFirst(
    t.db,
    [dev, cal, ana, bea].map((f) => join(f.id, same)),
  );
  const tied = await t.db.query<{ user_id: number }>`
    SELECT user_id FROM sale_line WHERE show_id = ${show.id} ORDER BY sort_key, seq`;
  assert.deepEqual(
    tied.map((r) => r.user_id),
    [dev.id, cal.id, ana.id, bea.id],
  );
});
