import { SeatLegend as Legend, type SeatLegendEntry } from '@cinema/ui';

const AVAILABLE: SeatLegendEntry = { tone: 'available', face: 'A1', label: 'Available' };
const BOOKED: SeatLegendEntry = { tone: 'booked', face: '✕', label: 'Booked' };
const HELD: SeatLegendEntry = { tone: 'held', face: '◐', label: 'Held' };

export interface SeatLegendProps {
  /** Show the 'Held' entry too (only when a seat is held). */
  withHeld?: boolean;
}

/** What each colour and mark on the map means: a free seat shows its label, a booked one ✕. */
export function SeatLegend({ withHeld = false }: SeatLegendProps) {
  return <Legend entries={withHeld ? [AVAILABLE, BOOKED, HELD] : [AVAILABLE, BOOKED]} />;
}
