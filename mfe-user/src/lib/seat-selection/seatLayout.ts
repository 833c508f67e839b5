/**
 * What a show's seats say about its screen (docs/decisions/0045-screens-and-seat-layouts.md):
 * where each seat stands (row_pos, x: gaps are missing x), what it is (kind), its category and
 * price. The rules of choosing (stranded seats, accessible seats, best available) are the
 * contract's (packages/contract/src/seating.js), shared with the API; this module only reads.
 */
import type { Seat } from '@cinema/api-client';
import { isFreeSeat, type SeatKind } from '@cinema/contract';

export type { SeatKind };

/** Where a seat stands in the screen's layout, what it is and what it costs (K4 of the seat map). */
export type SeatPlace = Pick<Seat, 'row_pos' | 'x' | 'kind' | 'category' | 'price' | 'partner_x'>;

/** A seat of the seat map (GET shows/{id}/seats/) with its place in the layout. */
export type MapSeat = Seat;

/** A category of the show's seats, e.g. Recliner at 350 rupees, and how many are free now. */
export interface SeatCategory {
  name: string;
  price: number;
  free: number;
}

/** When the clock and the customer's choice allow a seat to be picked. */
export interface PickRules {
  now: Date;
  /** Wheelchair spaces and companion seats are held back until then. */
  accessibleReleaseAt: Date;
  /** The customer said 'I need a wheelchair space'. */
  accessible: boolean;
}

/** Free to choose by the contract's rules: not blocked, available or the caller's own hold. */
export function isFree(seat: MapSeat): boolean {
  return isFreeSeat(seat);
}

/** A wheelchair space before its release, kept for customers who need one. */
export function isHeldBack(seat: MapSeat, { now, accessibleReleaseAt }: PickRules): boolean {
  return seat.kind === 'wheelchair' && now < accessibleReleaseAt;
}

/** Whether the customer may pick the seat now (the rules of the selection come on 'Proceed'). */
export function canPick(seat: MapSeat, rules: PickRules): boolean {
  return isFree(seat) && !(isHeldBack(seat, rules) && !rules.accessible);
}

/** The show's categories, priciest first, with their free seats (blocked seats count nowhere). */
export function seatCategories(seats: readonly MapSeat[]): SeatCategory[] {
  const byName = new Map<string, SeatCategory>();
  for (const seat of seats) {
    if (seat.kind === 'blocked') continue;
    const known = byName.get(seat.category) ?? { name: seat.category, price: seat.price, free: 0 };
    if (isFree(seat)) known.free += 1;
    byName.set(seat.category, known);
  }
  return [...byName.values()].sort((a, b) => b.price - a.price || a.name.localeCompare(b.name));
}

/** What the picked seats cost together, in whole rupees: each seat its own price. */
export function selectionTotal(seats: readonly MapSeat[], selectedIds: readonly number[]): number {
  const price = new Map(seats.map((seat) => [seat.id, seat.price]));
  return selectedIds.reduce((sum, id) => sum + (price.get(id) ?? 0), 0);
}

/** The show's accessible_release_at as a date; a show without one holds nothing back. */
export function releaseDate(value: string | null | undefined): Date {
  const date = value ? new Date(value) : new Date(0);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/** Seats grouped by row, front row first, each row left to right (the map's own order). */
export function rowsOf(seats: readonly MapSeat[]): { row: string; seats: MapSeat[] }[] {
  const rows = new Map<number, { row: string; seats: MapSeat[] }>();
  for (const seat of seats) {
    const row = rows.get(seat.row_pos) ?? { row: seat.row, seats: [] };
    row.seats.push(seat);
    rows.set(seat.row_pos, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => ({ ...row, seats: row.seats.sort((a, b) => a.x - b.x) }));
}

/** True when some row has a gap (an aisle): then cells are not seat numbers. */
export function hasGaps(seats: readonly MapSeat[]): boolean {
  return seats.some((seat) => seat.x !== seat.column);
}
