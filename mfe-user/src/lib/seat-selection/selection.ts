/**
 * The seat-selection rules (docs/spec-notes.md, "Seat selection"), as pure functions over seat
 * ids in the order they were picked (oldest first).
 */
import type { Seat, SeatStatus } from '@cinema/api-client';
import { MAX_TICKETS, MIN_TICKETS, TICKET_COUNT } from '@cinema/contract';

// The bounds and their message are the API's too: one copy, in the contract.
export { MAX_TICKETS, MIN_TICKETS };
export const TICKET_COUNT_MESSAGE = TICKET_COUNT;
export const DEFAULT_TICKETS = 1;

/** The ticket count typed in 'Number of Tickets', or null when it is not a whole number in 1..10. */
export function parseTicketCount(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= MIN_TICKETS && count <= MAX_TICKETS ? count : null;
}

/**
 * Whether the caller may pick a seat in this state: a free seat, or one the caller is already
 * holding. Booked seats, the caller's own tickets and other customers' holds are not.
 */
export function isSelectable(status: SeatStatus): boolean {
  return status === 'available' || status === 'my_hold';
}

/**
 * A click on a seat. A selected seat is deselected; an unselectable seat changes nothing; with
 * `count` seats already picked the oldest is dropped for the new one; an invalid count (null)
 * ignores the click.
 */
export function toggleSeat(
  selected: readonly number[],
  seat: Pick<Seat, 'id' | 'status'>,
  count: number | null,
): number[] {
  if (count === null) return [...selected];
  if (selected.includes(seat.id)) return selected.filter((id) => id !== seat.id);
  if (!isSelectable(seat.status)) return [...selected];
  const kept = selected.slice(Math.max(0, selected.length - count + 1));
  return [...kept, seat.id];
}

/** Drops the given seats (e.g. the ones the server said were taken), keeping the order. */
export function dropSeats(selected: readonly number[], ids: readonly number[]): number[] {
  return selected.filter((id) => !ids.includes(id));
}

/** Keeps only the picked seats that are still on the map and still selectable. */
export function keepSelectable(selected: readonly number[], seats: readonly Seat[]): number[] {
  const selectable = new Set(seats.filter((seat) => isSelectable(seat.status)).map((s) => s.id));
  return selected.filter((id) => selectable.has(id));
}

/** The ids of the seats with these labels ('A1'), for the server's list of taken seats. */
export function idsForLabels(seats: readonly Seat[], labels: readonly string[]): number[] {
  return seats.filter((seat) => labels.includes(seat.label)).map((seat) => seat.id);
}

export type SeatDisplay = 'available' | 'booked' | 'mine' | 'selected' | 'held';

/** What a seat looks like to the caller: picked seats are 'selected', their own hold is free. */
export function seatDisplay(
  seat: Pick<Seat, 'id' | 'status'>,
  selected: readonly number[],
): SeatDisplay {
  if (selected.includes(seat.id)) return 'selected';
  switch (seat.status) {
    case 'available':
    case 'my_hold':
      return 'available';
    case 'mine':
      return 'mine';
    case 'held':
      return 'held';
    default:
      return 'booked';
  }
}
