// Types of seating-rules.js (see there, and docs/decisions/0045-screens-and-seat-layouts.md).

import type { SeatKind } from './seating-layout.js';

export type SeatStatus = 'available' | 'booked' | 'mine' | 'held' | 'my_hold';

/**
 * A seat as the seat map sends it (GET shows/{id}/seats/), which is what the rules read. Make
 * these as JSON, rows or literals, not as `{...seat, status}`: V8 gives each object made by
 * spreading and then adding keys a hidden class of its own, and reading 1,560 of those took the
 * rules 10 ms instead of 0.2 (the spread last, `{status, ...seat}`, is fine).
 */
export interface SeatState {
  id: number | string;
  row: string;
  row_pos: number;
  x: number;
  label: string;
  kind: SeatKind;
  category: string;
  price: number;
  partner_x: number | null;
  status: SeatStatus;
}

export type SelectionProblemCode =
  | 'seat_stranded'
  | 'accessible_seat_held_back'
  | 'companion_seat_alone';

export interface SelectionProblem {
  code: SelectionProblemCode;
  /** An English sentence for the customer. */
  message: string;
  /** Labels of the seats concerned, front row first, left to right. */
  seats: string[];
}

export interface AccessibleRelease {
  now: Date;
  /** The show's accessible_release_at; from this instant on the hold-back no longer applies. */
  accessibleReleaseAt: Date;
}

export declare const SEAT_STRANDED: 'seat_stranded';
export declare const ACCESSIBLE_SEAT_HELD_BACK: 'accessible_seat_held_back';
export declare const COMPANION_SEAT_ALONE: 'companion_seat_alone';
export declare const SELECTION_MESSAGES: Readonly<{
  seat_stranded: (label: string) => string;
  accessible_seat_held_back: (label: string) => string;
  companion_seat_alone: (label: string, spaceLabel: string) => string;
}>;
export declare function isFreeSeat(seat: SeatState): boolean;
export declare function accessibleHeldBack(when: AccessibleRelease): boolean;
export declare function selectionProblem(
  seats: ReadonlyArray<SeatState>,
  selectedIds: ReadonlyArray<number | string>,
  options: AccessibleRelease & { accessible?: boolean },
): SelectionProblem | null;
export declare function bestAvailable(
  seats: ReadonlyArray<SeatState>,
  options: AccessibleRelease & { count: number; category?: string | null },
): Array<number | string> | null;
