import type { Seat } from '@cinema/api-client';
import { formatRupees } from '@cinema/ui';
import { KIND_APPEARANCE } from './seatPlace';

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

/**
 * The tooltip: 'Booked by: asha' on booked seats (the spec's owner seat layout), then what the
 * seat is when more than a seat ('· wheelchair space'); null on ordinary free seats, which show
 * their label.
 */
export function seatTooltip(seat: Seat): string | null {
  if (seat.kind === 'blocked') return KIND_APPEARANCE.blocked.label;
  const kind = seatKind(seat);
  const what = seat.kind === 'seat' ? null : KIND_APPEARANCE[seat.kind].label;
  if (kind === 'booked') {
    const booked = seat.booked_by ? `Booked by: ${seat.booked_by}` : 'Booked';
    const checked = isCheckedIn(seat) ? `${booked} · checked in` : booked;
    const shown = isDuplicate(seat) ? `${checked} · ${SHOWN_TWICE}` : checked;
    return what ? `${shown} · ${what}` : shown;
  }
  if (kind === 'held') {
    const held = 'Held: a customer is paying for it';
    return what ? `${held} · ${what}` : held;
  }
  return what ? `Available · ${what}` : null;
}

/**
 * How the seat is announced: 'Seat A5, booked by asha', 'Seat A1, available', 'Seat H1,
 * wheelchair space, Recliner, ₹350, available' (category and price when the show has several).
 */
export function seatName(seat: Seat, { withCategory = false } = {}): string {
  const parts = [`Seat ${seat.label}`];
  if (seat.kind === 'blocked') return [...parts, KIND_APPEARANCE.blocked.spoken].join(', ');
  if (seat.kind !== 'seat') parts.push(KIND_APPEARANCE[seat.kind].spoken);
  if (withCategory) parts.push(seat.category, formatRupees(seat.price));
  parts.push(seatState(seat));
  return parts.join(', ');
}

function seatState(seat: Seat): string {
  const kind = seatKind(seat);
  if (kind === 'booked') {
    const booked = seat.booked_by ? `booked by ${seat.booked_by}` : 'booked';
    const checked = isCheckedIn(seat) ? `${booked}, checked in` : booked;
    return isDuplicate(seat) ? `${checked}, ${SHOWN_TWICE}` : checked;
  }
  return kind;
}

/**
 * What the seat shows: its label when free (as the spec's owner seat layout says), a mark beyond
 * colour otherwise; a free wheelchair space or companion seat its kind's mark, a blocked seat ⊘.
 */
export function seatFace(seat: Seat): string {
  if (seat.kind === 'blocked') return KIND_APPEARANCE.blocked.glyph;
  const kind = seatKind(seat);
  if (kind === 'booked') return isDuplicate(seat) ? '!' : isCheckedIn(seat) ? '✓' : '✕';
  if (kind === 'held') return '◐';
  return seat.kind === 'seat' ? seat.label : KIND_APPEARANCE[seat.kind].glyph;
}
