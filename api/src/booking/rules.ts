// The business constants and messages of booking (docs/spec-notes.md), shared by the holds,
// bookings, shows, reports and tickets operations. Those the apps show too (the ticket bounds and
// their message, the hold's length, the hold-expired sentence) are written once, in
// packages/contract. Money is never a count times one price: each seat carries its price
// (seats.price, decision 0045), and SEAT_PRICE is only the default category's.

export {
  HOLD_EXPIRED,
  HOLD_MINUTES,
  MAX_TICKETS,
  MIN_TICKETS,
  TICKET_COUNT,
} from '../../../packages/contract/src/index.js';

// No hoarding (OWASP API6). The seats per show a customer may have are config.maxSeatsPerShow.
/** Shows a customer may hold seats for at once (replacing the hold of a show does not add one). */
export const MAX_ACTIVE_HOLDS = 3;
/**
 * After a customer's holding of a show ends unpaid (lapsed, or released and its 10 minutes
 * over), the seats they held rest this long before the same customer may hold them again:
 * others get a real chance at them, so nobody keeps seats forever by holding them afresh.
 */
export const HOLD_REST_MINUTES = 10;
/** Per-account rates, per minute: placing holds; bookings (POST bookings/ and confirms). */
export const HOLDS_PER_MINUTE = 10;
export const BOOKINGS_PER_MINUTE = 20;
/**
 * A booking or a payment asked for again by its customer within this long is a retry (a
 * balancer re-sending after an instance died, a client after a timeout): it answers what the
 * first did, 201 with the same tickets, whatever its Idempotency-Key. Later, the same request is
 * a new intention from a stale screen and is told the truth (409 seat_taken, hold already paid):
 * docs/decisions/0025-email-outbox.md.
 */
export const RETRY_WINDOW_MS = 10 * 60_000;
/** Set on an answer that repeats an earlier one (as Stripe names it). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const SHOW_NOT_FOUND = 'Show not found.';
export const SHOW_STARTED = 'This show has already started.';
export const SEATS_NOT_OF_SHOW = 'Some seats do not belong to this show.';
export const DUPLICATE_SEATS = 'Each seat can be selected only once.';
export const SEAT_TAKEN = 'This seat is already booked.';
/** A blocked seat (decision 0045): in the map, never sold. */
export const SEAT_NOT_BOOKABLE = 'This seat cannot be booked.';
export const HOLD_NOT_FOUND = 'Seat hold not found.';
export const HOLD_RELEASED = 'This seat hold was released. Please select your seats again.';
export const HOLD_PAID = 'This hold has already been paid for.';
export const TICKET_NOT_FOUND = 'Ticket not found.';
export const TICKET_CANCELLED = 'This ticket is already cancelled.';
/** Check-in at the door opens this long before a show starts (and closes when it ends). */
export const CHECK_IN_OPENS_MINUTES = 60;
export const TICKET_CHECKED_IN =
  'This ticket was already used at the door and can no longer be cancelled.';

export function seatsUnavailable(labels: string[]): string {
  return `Some seats are no longer available: ${labels.join(', ')}`;
}

/**
 * POST bookings/ (one seat) of a wheelchair space or companion seat before the show's
 * accessible_release_at: those are chosen on the seat page, together (booking/selection.ts).
 */
export function accessibleSeatHeldBack(label: string, kind: 'wheelchair' | 'companion'): string {
  const what = kind === 'wheelchair' ? `Wheelchair space ${label}` : `Companion seat ${label}`;
  return `${what} is kept for customers who need a wheelchair space until shortly before the show. Please choose another seat.`;
}

export function seatLimitReached(limit: number, owned: number): string {
  return `One customer can have at most ${limit} seats of a show, held or booked; you have ${owned}.`;
}

export const HOLD_LIMIT_REACHED = `You can hold seats for at most ${MAX_ACTIVE_HOLDS} shows at a time. Pay for or release one of your holds first.`;

export function seatsRecentlyHeld(labels: string[], minutes: number): string {
  const these = labels.length === 1 ? 'it' : 'them';
  const wait = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `You held ${labels.join(', ')} until a moment ago. To give others a chance you can hold ${these} again in ${wait}; please choose other seats meanwhile.`;
}

export const TOO_MANY_HOLDS = 'Too many seat holds. Please wait {minutes} and try again.';
export const TOO_MANY_BOOKINGS = 'Too many bookings. Please wait {minutes} and try again.';
