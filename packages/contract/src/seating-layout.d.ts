// Types of seating-layout.js (see there, and docs/decisions/0045-screens-and-seat-layouts.md).

export type SeatKind = 'seat' | 'wheelchair' | 'companion' | 'blocked';

export interface LayoutCategory {
  /** 1 to 30 characters, no quote, backslash or control character; unique in the layout. */
  name: string;
  /** Whole rupees, 0 to 100000. */
  price: number;
}

/** A seat of a layout; a plain seat has no `kind` once normalised by checkLayout. */
export interface LayoutSeatCell {
  category: string;
  kind?: 'wheelchair' | 'companion' | 'blocked';
}

/** null is a gap (an aisle, a step, nothing). */
export type LayoutCell = LayoutSeatCell | null;

export interface LayoutRow {
  /** ^[A-Z]{1,2}$, unique in the layout. */
  label: string;
  /** Left to right, 1 to 60. */
  cells: LayoutCell[];
}

/** Rows front (nearest the screen) to back, 1 to 26; categories 1 to 6, each used. */
export interface Layout {
  categories: LayoutCategory[];
  rows: LayoutRow[];
}

export type LayoutCheck =
  | { ok: true; layout: Layout }
  | {
      ok: false;
      /** An English sentence for the owner. */
      error: string;
      /** Where: 'rows[2].cells[5]', 'categories[0].price'; '' for the whole value. */
      path: string;
    };

/** A seat a show gets from its screen's layout (the seats table's columns). */
export interface LayoutSeat {
  /** The row's label. */
  row: string;
  /** Seat number in its row, from 1, gaps not counted. */
  column: number;
  /** row + column: 'C7'. */
  label: string;
  /** The row, 1 = front. */
  row_pos: number;
  /** The cell, 1 = left, gaps counted. */
  x: number;
  kind: SeatKind;
  category: string;
  price: number;
  /** A wheelchair space's companion seat's x (its own x without one), a companion's space's x. */
  partner_x: number | null;
}

export declare const DEFAULT_CATEGORY: Readonly<{ name: 'Standard'; price: 100 }>;
export declare const LAYOUT_LIMITS: Readonly<{
  rows: 26;
  cells: 60;
  categories: 6;
  categoryName: 30;
  maxPrice: 100000;
  screenName: 40;
}>;
export declare const SEAT_KINDS: ReadonlyArray<SeatKind>;
export declare function defaultLayout(rows: number, seatsPerRow: number): Layout;
export declare function checkLayout(value: unknown): LayoutCheck;
export declare function seatsOfLayout(layout: Layout): LayoutSeat[];
