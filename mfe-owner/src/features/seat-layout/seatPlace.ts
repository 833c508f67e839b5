/**
 * What the seat map says about the show's screen (docs/decisions/0045-screens-and-seat-layouts.md):
 * where each seat stands (row_pos, x: an aisle is a missing x), what it is (kind) and what its
 * category costs. The owner's own small version of the customer's (mfe-user seat-layout): features
 * never import across apps.
 */
import type { Seat } from '@cinema/api-client';

export type LayoutKind = Seat['kind'];

export interface KindAppearance {
  /** The legend's words. */
  label: string;
  /** How a seat of this kind is announced: 'Seat H1, wheelchair space, ...'. */
  spoken: string;
  /** The mark beyond colour it shows (while free; a blocked seat always). */
  glyph: string;
}

export const KIND_APPEARANCE: Record<Exclude<LayoutKind, 'seat'>, KindAppearance> = {
  wheelchair: { label: 'Wheelchair space', spoken: 'wheelchair space', glyph: '♿' },
  companion: {
    label: 'Companion seat (beside a wheelchair space)',
    spoken: 'companion seat',
    glyph: '+',
  },
  blocked: { label: 'Not for sale', spoken: 'not for sale', glyph: '⊘' },
};

/**
 * The mark of a category on the map and in the legend, by its place in the price order (priciest
 * first); a layout has at most six categories (LAYOUT_LIMITS in @cinema/contract).
 */
export const CATEGORY_MARKS: readonly string[] = [
  'mark0',
  'mark1',
  'mark2',
  'mark3',
  'mark4',
  'mark5',
];

export interface ShowCategory {
  name: string;
  price: number;
}

/** The show's categories, priciest first (blocked seats are sold in none). */
export function showCategories(seats: readonly Seat[]): ShowCategory[] {
  const byName = new Map<string, ShowCategory>();
  for (const seat of seats) {
    if (seat.kind === 'blocked' || byName.has(seat.category)) continue;
    byName.set(seat.category, { name: seat.category, price: seat.price });
  }
  return [...byName.values()].sort((a, b) => b.price - a.price || a.name.localeCompare(b.name));
}

/** The kinds of seat beyond ordinary ones that the screen has, for the legend. */
export function layoutKinds(seats: readonly Seat[]): Set<LayoutKind> {
  return new Set(seats.map((seat) => seat.kind).filter((kind) => kind !== 'seat'));
}

/** Front row first, each row left to right, placed at its cell (`column` = x) for SeatGrid. */
export function placeSeats(seats: readonly Seat[]): Seat[] {
  return [...seats]
    .sort((a, b) => a.row_pos - b.row_pos || a.x - b.x)
    .map((seat) => ({ ...seat, column: seat.x }));
}

/** True when some row has a gap (an aisle): then a cell is not a seat number. */
export function hasGaps(seats: readonly Seat[]): boolean {
  return seats.some((seat) => seat.x !== seat.column);
}
