/* @ts-self-types="./seating.d.ts" */
// Screens' seat layouts and the rules of choosing seats, shared by the API, the owner's editor
// and the seat page (docs/decisions/0045-screens-and-seat-layouts.md). Two files, one name:
// seating-layout.js (what a layout is, and a show's seats from it) and seating-rules.js
// (selectionProblem, bestAvailable).

export {
  checkLayout,
  DEFAULT_CATEGORY,
  defaultLayout,
  LAYOUT_LIMITS,
  SEAT_KINDS,
  seatsOfLayout,
} from './seating-layout.js';
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
