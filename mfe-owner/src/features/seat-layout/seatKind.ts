import type { Seat } from '@cinema/api-client';

/** How the owner's map draws a seat. 'held': someone is paying for it right now. */
export type SeatKind = 'available' | 'booked' | 'held';

export function seatKind(seat: Pick<Seat, 'status' | 'is_booked'>): SeatKind {
  if (seat.status === 'held') return 'held';
  if (seat.status === 'booked' || seat.is_booked) return 'booked';
  return 'available';
}

/** A booked seat whose ticket was checked in at the door (`POST /api/tickets/check-in`). */
export function isCheckedIn(seat: Pick<Seat, 'status' | 'is_booked' | 'checked_in'>): boolean {
  return seatKind(seat) === 'booked' && seat.checked_in === true;
}

/**
 * A booked seat whose ticket was scanned again while its holder was inside, on this device or
 * another (the seat map's `duplicate`, docs/decisions/0043-offline-first-door-scanner.md).
 */
export function isDuplicate(seat: Pick<Seat, 'status' | 'is_booked' | 'duplicate'>): boolean {
  return seatKind(seat) === 'booked' && seat.duplicate === true;
}

const SHOWN_TWICE = 'shown twice at the door';

/** The tooltip: 'Booked by: asha' on booked seats (the spec's owner seat layout); null on seats that show their label. */
export function seatTooltip(seat: Seat): string | null {
  const kind = seatKind(seat);
  if (kind === 'booked') {
    const booked = seat.booked_by ? `Booked by: ${seat.booked_by}` : 'Booked';
    const checked = isCheckedIn(seat) ? `${booked} · checked in` : booked;
    return isDuplicate(seat) ? `${checked} · ${SHOWN_TWICE}` : checked;
  }
  if (kind === 'held') return 'Held: a customer is paying for it';
  return null;
}

/** How the seat is announced: 'Seat A5, booked by asha', 'Seat A1, available'. */
export function seatName(seat: Seat): string {
  const kind = seatKind(seat);
  if (kind === 'booked') {
    const booked = seat.booked_by
      ? `Seat ${seat.label}, booked by ${seat.booked_by}`
      : `Seat ${seat.label}, booked`;
    const checked = isCheckedIn(seat) ? `${booked}, checked in` : booked;
    return isDuplicate(seat) ? `${checked}, ${SHOWN_TWICE}` : checked;
  }
  if (kind === 'held') return `Seat ${seat.label}, held`;
  return `Seat ${seat.label}, available`;
}

/** What the seat shows: its label when free (as the spec's owner seat layout says), a mark beyond colour otherwise. */
export function seatFace(seat: Seat): string {
  const kind = seatKind(seat);
  if (kind === 'booked') return isDuplicate(seat) ? '!' : isCheckedIn(seat) ? '✓' : '✕';
  if (kind === 'held') return '◐';
  return seat.label;
}
