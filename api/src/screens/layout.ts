// A screen's layout turned into a show's seats (docs/decisions/0045-screens-and-seat-layouts.md),
// shared by the routes that make seats: theaters/ (the default screen), shows/ (a new show's
// seats) and screens/ (a layout redrawn before sales). The layout rules themselves are
// packages/contract/src/seating.js, the same module the owner's editor runs.
import {
  defaultLayout,
  type Layout,
  type SeatKind,
  seatsOfLayout,
} from '../../../packages/contract/src/seating.js';

export type { Layout };

/** What a theater made the spec's way gets: 'Screen 1', its rectangle of Standard seats. */
export const DEFAULT_SCREEN_NAME = 'Screen 1';

/** The layout of a theater's default screen (8 x 12 unless the owner said otherwise). */
export function defaultScreenLayout(rows?: number, seatsPerRow?: number): Layout {
  return defaultLayout(rows ?? 8, seatsPerRow ?? 12);
}

/** One seat row as INSERT INTO seats takes it (jsonb_to_recordset, screens/sql.ts). */
export interface SeatInsert {
  row_label: string;
  col: number;
  row_pos: number;
  x: number;
  kind: SeatKind;
  category: string;
  price: number;
  partner_x: number | null;
}

/** A show's seats drawn from a layout, with what the show's row records of them. */
export interface SeatPlan {
  seats: SeatInsert[];
  /** Sellable seats: every one but the blocked (shows.total_seats). */
  total: number;
  /** The lowest and highest price of a sellable seat, whole rupees. */
  minPrice: number;
  maxPrice: number;
}

export function planSeats(layout: Layout): SeatPlan {
  const seats: SeatInsert[] = seatsOfLayout(layout).map((s) => ({
    row_label: s.row,
    col: s.column,
    row_pos: s.row_pos,
    x: s.x,
    kind: s.kind,
    category: s.category,
    price: s.price,
    partner_x: s.partner_x,
  }));
  const sellable = seats.filter((s) => s.kind !== 'blocked').map((s) => s.price);
  // checkLayout refuses a layout without a sellable seat; a stored one was checked.
  if (sellable.length === 0) throw new Error('A layout without a sellable seat');
  return {
    seats,
    total: sellable.length,
    minPrice: Math.min(...sellable),
    maxPrice: Math.max(...sellable),
  };
}

/** The figures a screen is shown with: sellable seats, and per category its price and seats. */
export function layoutSummary(layout: Layout): {
  seat_count: number;
  categories: { name: string; price: number; seats: number }[];
} {
  const counts = new Map<string, number>();
  let seatCount = 0;
  for (const seat of seatsOfLayout(layout)) {
    if (seat.kind === 'blocked') continue;
    seatCount++;
    counts.set(seat.category, (counts.get(seat.category) ?? 0) + 1);
  }
  return {
    seat_count: seatCount,
    categories: layout.categories.map((c) => ({
      name: c.name,
      price: c.price,
      seats: counts.get(c.name) ?? 0,
    })),
  };
}
