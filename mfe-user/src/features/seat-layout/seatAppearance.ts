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

export function seatName(label: string, display: SeatDisplay): string {
  return `Seat ${label}, ${SEAT_APPEARANCE[display].spoken}`;
}
