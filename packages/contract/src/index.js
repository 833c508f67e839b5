/* @ts-self-types="./index.d.ts" */
// What the API and the apps must agree on, written once: business constants, the messages both
// sides show, the release bucket hash and the demo admin. Plain JavaScript (typed by index.d.ts)
// so that the API (Deno, by relative import), the apps and e2e (bundler, as @cinema/contract) and
// the Node scripts (by relative import) all read this very file. Plain values only: it needs no
// singleton, each app bundles its own copy.

// ---- booking --------------------------------------------------------------------------------

/** Price of one seat, in whole rupees. */
export const SEAT_PRICE = 100;

/** Tickets per order (a hold or POST bookings/): 1 to 10. */
export const MIN_TICKETS = 1;
export const MAX_TICKETS = 10;
/** The spec's message when the seat selection is outside MIN_TICKETS..MAX_TICKETS. */
export const TICKET_COUNT = `Please select between ${MIN_TICKETS} and ${MAX_TICKETS} tickets`;

/** How long a seat hold lasts before its seats are free again. */
export const HOLD_MINUTES = 10;
/** Shown when paying for a hold whose time ran out (410 from the API, and the payment page). */
export const HOLD_EXPIRED = 'Your seat hold has expired. Please select your seats again.';

// ---- releases ---------------------------------------------------------------------------------

/**
 * A browser's release bucket, 0..99, from its key (`user:<id>` or `anonymous:<id>`): FNV-1a, a
 * small, stable string hash; the bucket only needs to be even and repeatable. A bucket under a
 * canary's percentage loads the canary.
 * @param {string} key
 * @returns {number}
 */
export function bucketOf(key) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

// ---- accounts ---------------------------------------------------------------------------------

/**
 * The admin the API creates on the embedded database when ADMIN_EMAIL/ADMIN_PASSWORD are unset
 * (never on a server database or in production), and the release CLI's default sign-in.
 */
export const DEMO_ADMIN = Object.freeze({
  email: 'admin@cinebook.local',
  password: 'Admin#2026',
});

// ---- signed ticket passes (ticket-pass.js) ---------------------------------------------------

export { codeOfScan, formatPassBody, PASS_PREFIX, parsePass, verifyPass } from './ticket-pass.js';

// ---- screens' seat layouts and the rules of choosing seats (seating.js) ----------------------

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

// ---- errors (errors.js) -----------------------------------------------------------------------

export { ERROR_CODES, isErrorCode } from './errors.js';
