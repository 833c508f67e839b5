import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';
import { lineSnapshot, noteLineChange, placesAhead, REFRESH_MS } from './places.ts';
import { setSale } from './testing.ts';

Deno.test('the line is read at most once a second per show, by one statement its readers share', async () => {
  await using t = await createBookingTestApp();
  const { show } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  await setSale(t.db, show.id, { highDemand: true });
  const fans = await t.customers(5);
  for (const [i, fan] of fans.entries()) {
    await t.db.query`
      INSERT INTO sale_line (show_id, user_id, sort_key, joined_at)
      VALUES (${show.id}, ${fan.id}, ${1000 + i}, ${t.clock()})`;
  }
  // Another object over the same database: an instance of its own whose statements we count.
  const reads: string[] = [];
  const instance = {
    query: <T>(strings: TemplateStringsArray, ...params: unknown[]) => {
      reads.push(strings.join('$'));
      return t.db.query<T>(strings, ...params);
    },
  };
  const at = t.clock().getTime();
  const many = await Promise.all(
    Array.from({ length: 50 }, () => lineSnapshot(instance, show.id, new Date(at))),
  );
  assert.equal(reads.length, 1, '50 readers at once: one statement');
  assert.ok(many.every((s) => s.keys.length === 5 && !s.soldOut));

  await lineSnapshot(instance, show.id, new Date(at + REFRESH_MS - 1));
  assert.equal(reads.length, 1, 'fresh for a second');
  await Promise.all(
    Array.from({ length: 20 }, () => lineSnapshot(instance, show.id, new Date(at + REFRESH_MS))),
  );
  assert.equal(reads.length, 2, 'a second later: one more statement for everyone');

  // A change this instance makes while a read is under way is not lost when the read lands.
  const [first] = fans;
  assert.ok(first);
  await t.db.query`UPDATE sale_line SET left_at = ${t.clock()} WHERE user_id = ${first.id}`;
  const reading = lineSnapshot(instance, show.id, new Date(at + 2 * REFRESH_MS));
  noteLineChange(instance, show.id, 'add', [{ sort_key: 1000, seq: -1 }]);
  const [late] = await t.db.query<{ sort_key: number; seq: number }>`
    SELECT sort_key, seq FROM sale_line WHERE user_id = ${fans[4]?.id}`;
  assert.ok(late);
  noteLineChange(instance, show.id, 'remove', [late]);
  const snapshot = await reading;
  assert.equal(reads.length, 3);
  assert.deepEqual(
    snapshot.keys.map((k) => k.sort_key),
    [1000, 1001, 1002, 1003],
    'the left row gone, the noted join in, the noted admission out',
  );
  assert.equal(placesAhead(snapshot, { sort_key: 1002.5, seq: 0 }), 3);
});
