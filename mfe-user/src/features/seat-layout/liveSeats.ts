/**
 * How the customer's seat map follows the show's seat events (the live seat map contract,
 * docs/decisions/0014-live-seat-map-on-postgresql.md). Events carry public states only; the
 * customer's own seats ('mine', 'my_hold') and seats they have picked are told apart by the server,
 * so where an event cannot say whose a seat now is, the map is read again instead of guessed.
 */
import {
  type AppliedSeatChanges,
  applyEachSeatChange,
  type Seat,
  type SeatChange,
} from '@cinema/api-client';
import { seatDisplay } from '../../lib/seat-selection/selection';
import { SEAT_APPEARANCE } from './seatAppearance';

/**
 * Applies one event's changes to the map the caller sees:
 * - a seat the caller holds ('my_hold') that is still held, or owns ('mine') that is still
 *   booked, stays as it is; any other news about it (released, lapsed, cancelled) is read again;
 * - a seat the caller has picked that is now held or booked is left alone and read again: it
 *   may be the caller's own new hold (from this tab or another), which only the server can say;
 * - every other seat takes its new public state.
 */
export function applySeatChanges(
  seats: readonly Seat[],
  changes: readonly SeatChange[],
  selectedIds: readonly number[],
): AppliedSeatChanges {
  return applyEachSeatChange(seats, changes, (seat, change) => {
    if (seat.status === 'mine' || seat.status === 'my_hold') {
      const agrees = seat.status === 'mine' ? change.status === 'booked' : change.status === 'held';
      return agrees ? null : 'refetch';
    }
    if (selectedIds.includes(seat.id) && change.status !== 'available') return 'refetch';
    if (seat.status === change.status) return null;
    return {
      ...seat,
      status: change.status,
      is_booked: change.status === 'booked',
      booked_by: null,
    };
  });
}

/** The picked seats someone else now holds or has booked (never the caller's own). */
export function takenSeats(seats: readonly Seat[], selectedIds: readonly number[]): Seat[] {
  return seats.filter(
    (seat) => selectedIds.includes(seat.id) && (seat.status === 'held' || seat.status === 'booked'),
  );
}

/** The toast for a picked seat someone else took. */
export function seatTakenMessage(label: string): string {
  return `Seat ${label} was just taken by someone else.`;
}

/**
 * What a screen reader hears when seats change under the customer's eyes, e.g.
 * 'Seats A5, A6 are now held by another customer. Seat B2 is now available.'
 */
export function seatChangeAnnouncement(changed: readonly Seat[]): string {
  const groups = new Map<string, string[]>();
  for (const seat of changed) {
    const spoken = SEAT_APPEARANCE[seatDisplay(seat, [])].spoken;
    groups.set(spoken, [...(groups.get(spoken) ?? []), seat.label]);
  }
  return [...groups]
    .map(([spoken, labels]) =>
      labels.length === 1
        ? `Seat ${labels[0]} is now ${spoken}.`
        : `Seats ${labels.join(', ')} are now ${spoken}.`,
    )
    .join(' ');
}
