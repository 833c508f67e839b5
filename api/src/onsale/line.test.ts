import assert from 'node:assert/strict';
import { pollAfter } from './line.ts';

Deno.test('a page beyond the next batch asks about ten times over its estimated wait, every 5 to 30 s', () => {
  const far = (estimatedWait: number | null) =>
    pollAfter({ waiting: true, place: 500, soldOut: false, capacity: 140, estimatedWait }, 0);
  assert.equal(far(null), 5);
  assert.equal(far(20), 5);
  assert.equal(far(120), 12);
  assert.equal(far(3600), 30);
  // Within the next batch: every 5 s, whatever the estimate (turns free up as fans buy or go).
  const next = { waiting: true, place: 280, soldOut: false, capacity: 140, estimatedWait: 3600 };
  assert.equal(pollAfter(next, 0), 5);
  // Within one batch of the front: every second once the sale is open, whatever the estimate.
  const near = { waiting: true, place: 140, soldOut: false, capacity: 140, estimatedWait: 3600 };
  assert.equal(pollAfter(near, 0), 1);
  assert.equal(pollAfter(near, 4), 4);
  // Sold out: the page stops; not waiting (admitted, left): the usual pace.
  assert.equal(pollAfter({ ...near, soldOut: true }, 0), 60);
  assert.equal(pollAfter({ ...near, waiting: false, place: null }, 0), 5);
});
