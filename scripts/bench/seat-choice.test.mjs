import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultLayout, seatsOfLayout } from '../../packages/contract/src/seating.js';
import { leftForGroups, nextSeat } from './seat-choice.mjs';

/**
 * A seat map of `rows` x `perRow` plain seats; `taken` ids (1-based) booked.
 * @param {number} rows
 * @param {number} perRow
 * @param {number[]} [taken]
 */
function map(rows, perRow, taken = []) {
  return seatsOfLayout(defaultLayout(rows, perRow)).map((seat, i) => ({
    status: /** @type {'booked' | 'available'} */ (taken.includes(i + 1) ? 'booked' : 'available'),
    id: i + 1,
    ...seat,
  }));
}

describe('choosing again after a refused hold', () => {
  test('the wanted seat when the rules allow it', () => {
    assert.equal(nextSeat(map(2, 6), 3), 3);
  });

  test('never a seat that would strand a neighbour while the row has one that strands none', () => {
    // A1 taken: A3 would leave A2 alone, so A2 (nearest to A3, allowed) it is.
    assert.equal(nextSeat(map(2, 6, [1]), 3), 2);
    // A1, A4 taken: A2 or A3 would strand the other while A5 strands nothing: A5.
    assert.equal(nextSeat(map(2, 6, [1, 4]), 3), 5);
  });

  test('a seat that strands its neighbour when every seat of the block would (X _ _ X)', () => {
    // A1, A4, A5, A6 taken: A2 and A3 are all that is left, and one-seat customers fill them.
    assert.equal(nextSeat(map(2, 6, [1, 4, 5, 6]), 3), 3);
    assert.equal(nextSeat(map(2, 6, [1, 2, 4, 5, 6]), 2), 3);
  });

  test('another row when the wanted one is full', () => {
    assert.equal(nextSeat(map(2, 6, [1, 2, 3, 4, 5, 6]), 2), 8);
  });

  test('only among the seats given, when given', () => {
    assert.equal(nextSeat(map(2, 6, [1, 4]), 2, [1, 2, 3, 4]), null);
    assert.equal(nextSeat(map(2, 6, [1, 4]), 2, [2, 3, 4, 12]), 12);
  });

  test('null when nothing is left for one customer; seats held for groups counted', () => {
    assert.equal(nextSeat(map(1, 6, [1, 2, 3, 4, 5, 6]), 2), null);
    // A1, A4 taken: A2, A3 and A6 each strand a seat while A5 strands none.
    assert.equal(leftForGroups(map(1, 6, [1, 4])), 3);
    // Once A5 and A6 are sold, A2 and A3 are one-seat customers' too: none left for groups.
    assert.equal(leftForGroups(map(1, 6, [1, 4, 5, 6])), 0);
    assert.equal(leftForGroups(map(1, 6)), 0);
  });
});
