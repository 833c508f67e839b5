// Types of seating.js (see there).

export type {
  Layout,
  LayoutCategory,
  LayoutCell,
  LayoutCheck,
  LayoutRow,
  LayoutSeat,
  LayoutSeatCell,
  SeatKind,
} from './seating-layout.js';
export {
  checkLayout,
  DEFAULT_CATEGORY,
  defaultLayout,
  LAYOUT_LIMITS,
  SEAT_KINDS,
  seatsOfLayout,
} from './seating-layout.js';
export type {
  AccessibleRelease,
  SeatState,
  SeatStatus,
  SelectionProblem,
  SelectionProblemCode,
} from './seating-rules.js';
export {
  ACCESSIBLE_SEAT_HELD_BACK,
  accessibleHeldBack,
  bestAvailable,
  COMPANION_SEAT_ALONE,
  isFreeSeat,
  SEAT_STRANDED,
  SELECTION_MESSAGES,
  selectionProblem,
} from './seating-rules.js';
