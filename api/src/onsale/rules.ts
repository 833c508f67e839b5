// The on-sale's rules and messages (docs/decisions/0031-on-sale-waiting-room.md): a show's sales
// opening time, its waiting line when it is high-demand, and the admission token its holds need.

/** Fans who join in these minutes before the opening are placed in random order. */
export const LINE_EARLY_MINUTES = 10;
/** The estimated wait counts admissions of this many past minutes (the line's measured pace). */
export const PACE_MINUTES = 5;
/** How often a waiting customer's page asks again, in seconds (polling: the decision says why). */
export const POLL_SECONDS = 5;
/** How often a page near the front of the line asks (onsale/line.ts pollAfter): an admission is
 * learnt within a second, at the cost of one batch of pages polling five times as often. */
export const NEAR_FRONT_POLL_SECONDS = 1;
/** A sold-out line's answer: the page stops polling and offers the waitlist; this is a fallback. */
export const SOLD_OUT_POLL_SECONDS = 60;

export const NO_WAITING_ROOM = 'This show has no waiting line: pick your seats directly.';
export const LINE_NOT_OPEN = 'The waiting line opens a few minutes before sales open.';
export const NOT_IN_LINE = 'You are not in the waiting line for this show.';
export const SALES_NOT_OPEN = 'Sales for this show have not opened yet.';
export const ADMISSION_REQUIRED =
  'This show is in high demand: join the waiting line and wait for your turn to pick seats.';
export const ADMISSION_NOT_VALID = 'Your admission is not valid for this show.';
export const ADMISSION_EXPIRED =
  'Your time to choose seats has ended. Join the waiting line again to get a new turn.';
export const SALES_OPEN_IN_PAST = 'The sales opening time must be in the future.';
export const SALES_OPEN_AFTER_START = 'Sales must open before the show starts.';
/**
 * Polls run the admission at most this often per show and API instance (onsale/pace.ts); a join
 * always runs it. Thousands of fans polling then cost thousands of small reads, not updates.
 */
export const ADMIT_EVERY_MS = 1000;

export const NOT_SOLD_OUT = 'Seats are still available: choose them on the seat map.';
export const NOT_ON_WAITLIST = 'You are not on the waitlist for this show.';
export const WAITLIST_SEATS = 'Choose between 1 and 10 seats.';

/**
 * How often each API instance looks for waitlist offers to make or pass on (onsale/offer-ticker.ts),
 * so a lapsed hold or an unclaimed offer reaches the next entry with nobody polling.
 */
export const OFFER_TICK_MS = 5000;
