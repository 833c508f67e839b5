import { SeatLegend as Legend, type SeatLegendEntry } from '@cinema/ui';

const AVAILABLE: SeatLegendEntry = { tone: 'available', face: 'A1', label: 'Available' };
const BOOKED: SeatLegendEntry = { tone: 'booked', face: '✕', label: 'Booked' };
const HELD: SeatLegendEntry = { tone: 'held', face: '◐', label: 'Held' };
const CHECKED_IN: SeatLegendEntry = { tone: 'booked', face: '✓', label: 'Checked in' };
const DUPLICATE: SeatLegendEntry = { tone: 'booked', face: '!', label: 'Shown twice at the door' };

export interface SeatLegendProps {
  /** Show the 'Held' entry too (only when a seat is held). */
  withHeld?: boolean;
  /** Show the 'Checked in' entry too (only when a ticket was checked in at the door). */
  withCheckedIn?: boolean;
  /** Show the 'Shown twice at the door' entry too (only when a ticket was). */
  withDuplicate?: boolean;
}

/** What each colour and mark on the map means: a free seat shows its label, a booked one ✕. */
export function SeatLegend({
  withHeld = false,
  withCheckedIn = false,
  withDuplicate = false,
}: SeatLegendProps) {
  const entries = [AVAILABLE, BOOKED];
  if (withCheckedIn) entries.push(CHECKED_IN);
  if (withDuplicate) entries.push(DUPLICATE);
  if (withHeld) entries.push(HELD);
  return <Legend entries={entries} />;
}
