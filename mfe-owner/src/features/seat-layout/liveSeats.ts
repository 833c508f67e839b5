import {
  type AppliedSeatChanges,
  applyEachSeatChange,
  type Seat,
  type SeatChange,
} from '@cinema/api-client';
import { isCheckedIn, isDuplicate, seatKind } from './seatKind';

/** Applies one event's changes to the owner's map: each seat's new state and who booked it. */
export function applySeatChanges(
  seats: readonly Seat[],
  changes: readonly SeatChange[],
): AppliedSeatChanges {
  return applyEachSeatChange(seats, changes, (seat, change) => {
    const bookedBy = change.status === 'booked' ? change.booked_by : null;
    const checkedIn = change.status === 'booked' && change.checked_in;
    // Sent only when true (a ticket shown twice at the door, decision 0042), and it stays true
    // while the seat is booked: a later event of the seat without it does not clear it.
    const duplicate =
      change.status === 'booked' && (change.duplicate === true || seat.duplicate === true);
    if (
      seat.status === change.status &&
      seat.booked_by === bookedBy &&
      (seat.checked_in ?? false) === checkedIn &&
      (seat.duplicate === true) === duplicate
    ) {
      return null;
    }
    const { duplicate: _before, ...rest } = seat;
    return {
      ...rest,
      status: change.status,
      is_booked: change.status === 'booked',
      booked_by: bookedBy,
      checked_in: checkedIn,
      ...(duplicate ? { duplicate: true as const } : {}),
    };
  });
}

/** What a screen reader hears when seats change: 'Seat A5 is now booked by asha.' */
export function seatChangeAnnouncement(changed: readonly Seat[]): string {
  return changed
    .map((seat) => {
      const kind = seatKind(seat);
      if (isDuplicate(seat)) return `Seat ${seat.label} was shown twice at the door.`;
      if (isCheckedIn(seat)) {
        return `Seat ${seat.label}${seat.booked_by ? ` (${seat.booked_by})` : ''} is now checked in.`;
      }
      if (kind === 'booked') {
        return seat.booked_by
          ? `Seat ${seat.label} is now booked by ${seat.booked_by}.`
          : `Seat ${seat.label} is now booked.`;
      }
      return `Seat ${seat.label} is now ${kind}.`;
    })
    .join(' ');
}
