// Joins that race: one account sending its join many times at once, and many fans at once.
import assert from 'node:assert/strict';
import { line, setSale } from '../../onsale/testing.ts';
import { createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;

Deno.test('one account joining 20 times at once holds one place; 20 fans at once get 20 distinct places', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 1 });
  const opensAt = new Date(t.clock().getTime() + 30 * MINUTE);
  await setSale(t.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  t.clock.set(new Date(opensAt.getTime() - 5 * MINUTE));
  const [eager] = await t.customers(1, 'eager');
  const crowd = await t.customers(20, 'crowd');
  assert.ok(eager);

  const repeats = await Promise.all(
    Array.from({ length: 20 }, () => line(t, 'POST', show.id, eager)),
  );
  assert.deepEqual(new Set(repeats.map((r) => r.status)), new Set([200]));
  const rows = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM sale_line WHERE show_id = ${show.id} AND user_id = ${eager.id}`;
  assert.equal(rows[0]?.n, 1);

  const joins = await Promise.all(crowd.map((fan) => line(t, 'POST', show.id, fan)));
  assert.deepEqual(new Set(joins.map((r) => r.status)), new Set([200]));
  const places: number[] = [];
  for (const fan of [eager, ...crowd])
    places.push((await line(t, 'GET', show.id, fan)).body.place as number);
  assert.deepEqual(
    [...places].sort((a, b) => a - b),
    Array.from({ length: 21 }, (_, i) => i + 1),
  );
});
