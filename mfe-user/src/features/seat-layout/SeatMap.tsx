import type { Seat } from '@cinema/api-client';
import { SeatGrid } from '@cinema/ui';
import { isSelectable, seatDisplay } from '../../lib/seat-selection/selection';
import styles from './SeatMap.module.css';
import { SEAT_APPEARANCE, seatName } from './seatAppearance';

export interface SeatMapProps {
  seats: readonly Seat[];
  selectedIds: readonly number[];
  onToggle: (seat: Seat) => void;
}

/** The screen, then one labelled row of seat buttons per row; each seat says its state. */
export function SeatMap({ seats, selectedIds, onToggle }: SeatMapProps) {
  return (
    <SeatGrid
      seats={seats}
      look={(seat) => {
        const display = seatDisplay(seat, selectedIds);
        const selectable = display === 'selected' || isSelectable(seat.status);
        return {
          tone: display,
          face: SEAT_APPEARANCE[display].glyph,
          name: seatName(seat.label, display),
          className: styles.seat,
          'aria-disabled': selectable ? undefined : true,
          onClick: () => {
            if (selectable) onToggle(seat);
          },
        };
      }}
    />
  );
}
