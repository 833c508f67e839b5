// Types of index.js (see there).

export declare const SEAT_PRICE: 100;
export declare const MIN_TICKETS: 1;
export declare const MAX_TICKETS: 10;
export declare const TICKET_COUNT: string;
export declare const HOLD_MINUTES: 10;
export declare const HOLD_EXPIRED: string;
export declare function bucketOf(key: string): number;
export declare const DEMO_ADMIN: { readonly email: string; readonly password: string };
export type { CodeOf, ErrorCode, ErrorCodeRegistry, ErrorStatus, ErrorStatuses } from './errors.js';
export { ERROR_CODES, isErrorCode } from './errors.js';
export type {
  AccessibleRelease,
  Layout,
  LayoutCategory,
  LayoutCell,
  LayoutCheck,
  LayoutRow,
  LayoutSeat,
  LayoutSeatCell,
  SeatKind,
  SeatState,
  SeatStatus,
  SelectionProblem,
  SelectionProblemCode,
} from './seating.js';
export {
  ACCESSIBLE_SEAT_HELD_BACK,
  accessibleHeldBack,
  bestAvailable,
  COMPANION_SEAT_ALONE,
  checkLayout,
  DEFAULT_CATEGORY,
  defaultLayout,
  isFreeSeat,
  LAYOUT_LIMITS,
  SEAT_KINDS,
  SEAT_STRANDED,
  SELECTION_MESSAGES,
  seatsOfLayout,
  selectionProblem,
} from './seating.js';
export type {
  ParsedPass,
  PassFields,
  PassVerdict,
  PublicPassKey,
} from './ticket-pass.js';
export {
  codeOfScan,
  formatPassBody,
  PASS_PREFIX,
  parsePass,
  verifyPass,
} from './ticket-pass.js';
