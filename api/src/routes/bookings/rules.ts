// The business constants and messages of booking (SPEC sections 5 and 9), shared by the holds,
// bookings and tickets operations.

/** Price of one seat, in whole rupees. */
export const SEAT_PRICE = 100;
/** Tickets per order: 1 to 10. */
export const MIN_TICKETS = 1;
export const MAX_TICKETS = 10;
/** How long a seat hold lasts before its seats are free again. */
export const HOLD_MINUTES = 10;

export const TICKET_COUNT = `Please select between ${MIN_TICKETS} and ${MAX_TICKETS} tickets`;
export const SHOW_NOT_FOUND = 'Show not found.';
export const SHOW_STARTED = 'This show has already started.';
export const SEATS_NOT_OF_SHOW = 'Some seats do not belong to this show.';
export const DUPLICATE_SEATS = 'Each seat can be selected only once.';
export const SEAT_TAKEN = 'This seat is already booked.';
export const HOLD_NOT_FOUND = 'Seat hold not found.';
export const HOLD_EXPIRED = 'Your seat hold has expired. Please select your seats again.';
export const HOLD_RELEASED = 'This seat hold was released. Please select your seats again.';
export const HOLD_PAID = 'This hold has already been paid for.';
export const TICKET_NOT_FOUND = 'Ticket not found.';
export const TICKET_CANCELLED = 'This ticket is already cancelled.';

export function seatsUnavailable(labels: string[]): string {
  return `Some seats are no longer available: ${labels.join(', ')}`;
}
