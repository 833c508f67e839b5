import { SeatLegend as Legend } from '@cinema/ui';
import { LEGEND_ORDER, SEAT_APPEARANCE } from './seatAppearance';

const ENTRIES = LEGEND_ORDER.map((display) => ({
  tone: display,
  face: SEAT_APPEARANCE[display].glyph,
  label: SEAT_APPEARANCE[display].label,
}));

/** What each colour and mark on the seat map means. */
export function SeatLegend() {
  return <Legend entries={ENTRIES} />;
}
