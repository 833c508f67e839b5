import { describe, expect, it } from 'vitest';
import { seat } from '../../test/fixtures';
import {
  canPick,
  hasGaps,
  releaseDate,
  rowsOf,
  seatCategories,
  selectionTotal,
} from './seatLayout';

const RECLINER = { category: 'Recliner', price: 350 };
const LATER = new Date('2026-11-21T10:30:00Z');
const BEFORE = { now: new Date('2026-11-21T09:00:00Z'), accessibleReleaseAt: LATER };

describe('seatLayout', () => {
  it('lists the categories priciest first, counting free seats and leaving blocked ones out', () => {
    const seats = [
      seat('A1'),
      seat('A2', 'booked'),
      seat('B1', 'available', RECLINER),
      seat('B2', 'held', RECLINER),
      seat('B3', 'available', { ...RECLINER, kind: 'blocked' }),
      seat('B4', 'available', { category: 'Lounge', price: 900, kind: 'blocked' }),
    ];
    expect(seatCategories(seats)).toEqual([
      { name: 'Recliner', price: 350, free: 1 },
      { name: 'Standard', price: 100, free: 1 },
    ]);
  });

  it('totals each picked seat at its own price, and 100 a seat on a spec-made theater', () => {
    const seats = [seat('A1'), seat('A2'), seat('B1', 'available', RECLINER)];
    expect(selectionTotal(seats, [1, 6])).toBe(450);
    expect(selectionTotal(seats, [1, 2])).toBe(200);
    expect(selectionTotal(seats, [])).toBe(0);
  });

  it('keeps a wheelchair space for customers who need one until its release, and never a blocked seat', () => {
    const space = seat('A1', 'available', { kind: 'wheelchair', partner_x: 2 });
    expect(canPick(space, { ...BEFORE, accessible: false })).toBe(false);
    expect(canPick(space, { ...BEFORE, accessible: true })).toBe(true);
    expect(canPick(space, { now: LATER, accessibleReleaseAt: LATER, accessible: false })).toBe(
      true,
    );
    const blocked = seat('A2', 'available', { kind: 'blocked' });
    expect(canPick(blocked, { ...BEFORE, accessible: true })).toBe(false);
    expect(canPick(seat('A3', 'my_hold'), { ...BEFORE, accessible: false })).toBe(true);
    expect(canPick(seat('A4', 'held'), { ...BEFORE, accessible: false })).toBe(false);
  });

  it('orders rows front first and seats by cell, and sees aisles', () => {
    const seats = [seat('B1'), seat('A2', 'available', { x: 3 }), seat('A1')];
    expect(rowsOf(seats).map(({ row, seats }) => [row, seats.map((s) => s.label)])).toEqual([
      ['A', ['A1', 'A2']],
      ['B', ['B1']],
    ]);
    expect(hasGaps(seats)).toBe(true);
    expect(hasGaps([seat('A1'), seat('A2')])).toBe(false);
  });

  it('reads a missing or broken release time as no hold-back', () => {
    expect(releaseDate(null).getTime()).toBe(0);
    expect(releaseDate('not a date').getTime()).toBe(0);
    expect(releaseDate('2026-11-21T10:30:00Z')).toEqual(LATER);
  });
});
