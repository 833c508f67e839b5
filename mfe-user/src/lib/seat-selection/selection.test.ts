import { describe, expect, it } from 'vitest';
import { seat, seatMap } from '../../test/fixtures';
import { selectionFor, useSeatSelectionStore } from './seatSelectionStore';
import {
  dropSeats,
  idsForLabels,
  isSelectable,
  keepSelectable,
  parseTicketCount,
  seatDisplay,
  toggleSeat,
} from './selection';

const A1 = seat('A1');
const A2 = seat('A2');
const A3 = seat('A3');

describe('parseTicketCount', () => {
  it('accepts whole numbers from 1 to 10', () => {
    expect(parseTicketCount('1')).toBe(1);
    expect(parseTicketCount(' 10 ')).toBe(10);
  });

  it.each(['0', '11', '-1', '2.5', '', 'two', '1e1'])('rejects %j', (input) => {
    expect(parseTicketCount(input)).toBeNull();
  });
});

describe('isSelectable', () => {
  it('allows free seats and the caller’s own hold', () => {
    expect(isSelectable('available')).toBe(true);
    expect(isSelectable('my_hold')).toBe(true);
  });

  it('refuses booked seats, the caller’s own tickets and other customers’ holds', () => {
    expect(isSelectable('booked')).toBe(false);
    expect(isSelectable('mine')).toBe(false);
    expect(isSelectable('held')).toBe(false);
  });
});

describe('toggleSeat', () => {
  it('adds a free seat while below the count', () => {
    expect(toggleSeat([A1.id], A2, 2)).toEqual([A1.id, A2.id]);
  });

  it('drops the oldest selected seat when already at the count', () => {
    expect(toggleSeat([A1.id, A2.id], A3, 2)).toEqual([A2.id, A3.id]);
    expect(toggleSeat([A1.id], A2, 1)).toEqual([A2.id]);
  });

  it('deselects a seat that is clicked again', () => {
    expect(toggleSeat([A1.id, A2.id], A1, 2)).toEqual([A2.id]);
  });

  it.each(['booked', 'mine', 'held'] as const)('does not select a %s seat', (status) => {
    expect(toggleSeat([A1.id], seat('A4', status), 2)).toEqual([A1.id]);
  });

  it('selects a seat the caller is holding', () => {
    expect(toggleSeat([], seat('A4', 'my_hold'), 2)).toEqual([4]);
  });

  it('ignores clicks while the ticket count is outside 1..10', () => {
    expect(toggleSeat([A1.id], A2, null)).toEqual([A1.id]);
    expect(toggleSeat([A1.id], A1, null)).toEqual([A1.id]);
  });
});

describe('the other helpers', () => {
  it('drops seats by id, keeping the order', () => {
    expect(dropSeats([3, 1, 2], [1])).toEqual([3, 2]);
  });

  it('keeps only seats that are still selectable', () => {
    const seats = seatMap({ A2: 'held', A3: 'booked' });
    expect(keepSelectable([1, 2, 3, 99], seats)).toEqual([1]);
  });

  it('finds seat ids by label', () => {
    expect(idsForLabels(seatMap(), ['A2', 'B1'])).toEqual([2, 6]);
  });

  it('shows picked seats as selected and the caller’s hold as available', () => {
    expect(seatDisplay(A1, [A1.id])).toBe('selected');
    expect(seatDisplay(seat('A4', 'my_hold'), [])).toBe('available');
    expect(seatDisplay(seat('A4', 'mine'), [])).toBe('mine');
    expect(seatDisplay(seat('A4', 'held'), [])).toBe('held');
    expect(seatDisplay(seat('A4', 'booked'), [])).toBe('booked');
  });
});

describe('useSeatSelectionStore', () => {
  const store = () => useSeatSelectionStore.getState();

  it('starts at one ticket with nothing selected', () => {
    expect(selectionFor(store(), 5)).toEqual({ showId: 5, countInput: '1', selectedIds: [] });
  });

  it('clears the selection when the ticket count changes', () => {
    store().setCount(5, '2');
    store().toggle(5, A1);
    store().toggle(5, A2);
    expect(store().selectedIds).toEqual([1, 2]);

    store().setCount(5, '3');
    expect(store().selectedIds).toEqual([]);
  });

  it('ignores seat clicks while the count is invalid', () => {
    store().setCount(5, '11');
    store().toggle(5, A1);
    expect(store().selectedIds).toEqual([]);
  });

  it('does not carry a selection over to another show', () => {
    store().toggle(5, A1);
    expect(selectionFor(store(), 6).selectedIds).toEqual([]);
    store().toggle(6, A2);
    expect(store()).toMatchObject({ showId: 6, selectedIds: [2] });
  });

  it('forgets seats that were taken since they were picked', () => {
    store().setCount(5, '2');
    store().toggle(5, A1);
    store().toggle(5, A2);
    store().prune(5, seatMap({ A1: 'held' }));
    expect(store().selectedIds).toEqual([2]);
  });
});
