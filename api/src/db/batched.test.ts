// Batched statements (db/batched.ts): who goes with whom, and who gets which answer or error.
import assert from 'node:assert/strict';
import { createTestDb } from '../testing/db.ts';
import { batched } from './batched.ts';
import type { Db } from './db.ts';

/** A batch run that doubles numbers in one statement and records each batch's items; a negative
 * number fails the statement (division by zero), `slowMs` keeps the statement busy that long. */
function doubler(options: { slowMs?: number } = {}) {
  const batches: number[][] = [];
  let atOnce = 0;
  let mostAtOnce = 0;
  const run = async (db: Db, items: readonly number[]) => {
    batches.push([...items]);
    atOnce++;
    mostAtOnce = Math.max(mostAtOnce, atOnce);
    try {
      const rows = await db.query<{ doubled: number }>`
        SELECT (x * 2 / CASE WHEN x < 0 THEN 0 ELSE 1 END)::integer AS doubled,
               pg_sleep(${(options.slowMs ?? 0) / 1000})
          FROM jsonb_array_elements_text(${JSON.stringify(items)}::jsonb) WITH ORDINALITY AS a(x_text, n)
         CROSS JOIN LATERAL (SELECT a.x_text::integer AS x) v
         ORDER BY a.n`;
      return rows.map((r) => r.doubled);
    } finally {
      atOnce--;
    }
  };
  return { run, batches, mostAtOnce: () => mostAtOnce };
}

Deno.test('at rest a call goes at once, alone, and gets its own answer', async () => {
  await using t = await createTestDb();
  const d = doubler();
  const double = batched(d.run);
  assert.equal(await double(t.db, 21), 42);
  assert.equal(await double(t.db, 5), 10);
  assert.deepEqual(d.batches, [[21], [5]]);
});

Deno.test('calls made while a batch is at the database go together next, in order, each with its answer', async () => {
  await using t = await createTestDb();
  const d = doubler({ slowMs: 150 });
  const double = batched(d.run);
  const first = double(t.db, 1);
  await new Promise((resolve) => setTimeout(resolve, 50)); // the first is at the database
  const later = [2, 3, 4, 5].map((n) => double(t.db, n));
  assert.deepEqual(await Promise.all([first, ...later]), [2, 4, 6, 8, 10]);
  assert.deepEqual(d.batches, [[1], [2, 3, 4, 5]]);
  assert.equal(d.mostAtOnce(), 1);
});

Deno.test('a crowd larger than a batch goes in batches of at most maxBatch, one at a time', async () => {
  await using t = await createTestDb();
  const d = doubler({ slowMs: 20 });
  const double = batched(d.run, { maxBatch: 3 });
  const first = double(t.db, 0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const crowd = [1, 2, 3, 4, 5, 6, 7].map((n) => double(t.db, n));
  assert.deepEqual(await Promise.all([first, ...crowd]), [0, 2, 4, 6, 8, 10, 12, 14]);
  assert.deepEqual(d.batches, [[0], [1, 2, 3], [4, 5, 6], [7]]);
  assert.equal(d.mostAtOnce(), 1);
});

Deno.test('when a batch fails, each item is tried alone: only the bad one’s caller gets the error', async () => {
  await using t = await createTestDb();
  const d = doubler({ slowMs: 50 });
  const double = batched(d.run);
  const first = double(t.db, 1);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const answers = await Promise.allSettled([
    first,
    double(t.db, 2),
    double(t.db, -1),
    double(t.db, 3),
  ]);
  assert.deepEqual(
    answers.map((a) => a.status),
    ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
  );
  assert.deepEqual(
    answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : [])),
    [2, 4, 6],
  );
  const error = (answers[2] as PromiseRejectedResult).reason;
  assert.match(String(error.message ?? error), /division by zero/);
  // The batch, then each of its items alone.
  assert.deepEqual(d.batches, [[1], [2, -1, 3], [2], [-1], [3]]);
  // A lone item's failure is its caller's error as it came; the next call works.
  await assert.rejects(double(t.db, -5), /division by zero/);
  assert.equal(await double(t.db, 4), 8);
});

Deno.test('each database has its own batches', async () => {
  await using a = await createTestDb();
  await using b = await createTestDb();
  const d = doubler();
  const double = batched(d.run);
  assert.deepEqual(
    await Promise.all([double(a.db, 1), double(b.db, 2), double(a.db, 3)]),
    [2, 4, 6],
  );
  assert.deepEqual(
    d.batches.sort((x, y) => x.length - y.length),
    [[2], [1, 3]],
  );
});

Deno.test('a batched statement is refused inside a transaction (it would run outside it)', async () => {
  await using t = await createTestDb();
  const double = batched(doubler().run);
  await assert.rejects(
    t.db.transaction(async () => await double(t.db, 1)),
    /Inside db.transaction\(\)/,
  );
});
