import { formatRupees } from '@cinema/ui';
import type { MapSeat, SeatKind } from '../../lib/seat-selection/seatLayout';
import type { SeatDisplay } from '../../lib/seat-selection/selection';

export interface SeatAppearance {
  /** The legend's label; the colours are the spec's (docs/spec-notes.md, "Seat selection"). */
  label: string;
  /** How a seat in this state is announced: 'Seat A1, {spoken}'. */
  spoken: string;
  /** The second cue beyond colour, drawn on the seat and in the legend alike. */
  glyph: string;
}

export const SEAT_APPEARANCE: Record<SeatDisplay, SeatAppearance> = {
  available: { label: 'Available', spoken: 'available', glyph: '○' },
  booked: { label: 'Booked', spoken: 'booked', glyph: '✕' },
  mine: { label: 'My Ticket', spoken: 'my ticket', glyph: '★' },
  selected: { label: 'Selected', spoken: 'selected', glyph: '✓' },
  held: { label: 'Held', spoken: 'held by another customer', glyph: '◐' },
};

/** The legend's order. */
export const LEGEND_ORDER: readonly SeatDisplay[] = [
  'available',
  'booked',
  'mine',
  'selected',
  'held',
];

/**
 * The seats that are more than a seat: drawn with their own mark while free (a taken or picked
 * one shows its state's mark, and says what it is in its name), and in the legend when the
 * screen has them.
 */
export const KIND_APPEARANCE: Record<Exclude<SeatKind, 'seat'>, SeatAppearance> = {
  wheelchair: { label: 'Wheelchair space', spoken: 'wheelchair space', glyph: '♿' },
  companion: {
    label: 'Companion seat (beside a wheelchair space)',
    spoken: 'companion seat',
    glyph: '+',
  },
  blocked: { label: 'Not for sale', spoken: 'not for sale', glyph: '⊘' },
};

/** A wheelchair space before its release, for customers who have not said they need one. */
export const HELD_BACK_SPOKEN = 'kept for customers who need a wheelchair space';

export interface DescribeOptions {
  /** How the seat looks: 'selected' on the map; the list says picked seats by their checkbox. */
  display: SeatDisplay;
  /** Say its category and price (always in the list; on the map when the show has several). */
  withCategory: boolean;
  /** A wheelchair space the customer may not pick yet. */
  heldBack: boolean;
}

/** e.g. 'C7, Recliner, ₹350, available' or 'C3, wheelchair space, Standard, ₹100, booked'. */
export function describeSeat(
  seat: MapSeat,
  { display, withCategory, heldBack }: DescribeOptions,
): string {
  const parts = [seat.label];
  if (seat.kind === 'blocked') return [...parts, KIND_APPEARANCE.blocked.spoken].join(', ');
  if (seat.kind !== 'seat') parts.push(KIND_APPEARANCE[seat.kind].spoken);
  if (withCategory) parts.push(seat.category, formatRupees(seat.price));
  const free = display === 'available';
  parts.push(free && heldBack ? HELD_BACK_SPOKEN : SEAT_APPEARANCE[display].spoken);
  return parts.join(', ');
}

/** The mark a seat shows beyond colour. */
export function seatFace(seat: MapSeat, display: SeatDisplay): string {
  if (seat.kind === 'blocked') return KIND_APPEARANCE.blocked.glyph;
  if (display === 'available' && seat.kind !== 'seat') return KIND_APPEARANCE[seat.kind].glyph;
  return SEAT_APPEARANCE[display].glyph;
}
