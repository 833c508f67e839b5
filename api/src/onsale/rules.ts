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
/** Beyond the next batch a page asks about ten times over its estimated wait, at most this
 * seldom: at an on-sale most of the line is far back, and their polls would crowd out the joins
 * and the front's (docs/speed.md, "The on-sale"). */
export const FAR_BACK_POLL_SECONDS = 30;
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

/**
 * Changes one account may make in ONSALE_CHANGES_WINDOW_SECONDS to its place in one show's line,
 * and apart from that to its entry on one show's waitlist (onsale/limits.ts). A change is a join
 * again after leaving or after an unused admission, a leave, or a change of a waitlist entry's
 * seats; a join that keeps the place is free. A person joins once, perhaps leaves and comes back
 * or lets an admission (ONSALE_ADMISSION_MINUTES, 5) run out: a few changes in 10 minutes. Ten
 * allows that several times over, and holds a script churning join and leave to one write a
 * minute on the on-sale's hottest table per account and show. The first join of a show is not
 * counted: it happens once per account and show (the row stays), and counting it would give each
 * of the on-sale's fans, at its busiest second, a transaction of eight statements more (a first
 * join measured 2.6 statements without, 10.6 with).
 */
export const LINE_CHANGES_PER_SHOW = 10;
export const WAITLIST_CHANGES_PER_SHOW = 10;
export const ONSALE_CHANGES_WINDOW_SECONDS = 10 * 60;
/**
 * Changes one account may make across every show's line and waitlist in an hour: a person
 * follows a handful of on-sales at a time (a few changes each); a script spreading its churn over
 * many shows stops at one a minute.
 */
export const ONSALE_CHANGES_PER_HOUR = 60;
export const ONSALE_CHANGES_HOUR_SECONDS = 60 * 60;
export const TOO_MANY_LINE_CHANGES =
  'Too many changes to your place in this line. Please wait {minutes} and try again.';
export const TOO_MANY_WAITLIST_CHANGES =
  'Too many changes to your place on this waitlist. Please wait {minutes} and try again.';
export const TOO_MANY_ONSALE_CHANGES =
  'Too many changes to your places in waiting lines and waitlists. Please wait {minutes} and try again.';
