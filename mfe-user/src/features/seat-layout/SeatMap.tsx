import { cx, SeatGrid } from '@cinema/ui';
import {
  canPick,
  hasGaps,
  isHeldBack,
  type MapSeat,
  type PickRules,
} from '../../lib/seat-selection/seatLayout';
import { seatDisplay } from '../../lib/seat-selection/selection';
import { CATEGORY_MARKS } from './categoryMarks';
import styles from './SeatMap.module.css';
import { describeSeat, seatFace } from './seatAppearance';

export interface SeatMapProps {
  seats: readonly MapSeat[];
  selectedIds: readonly number[];
  rules: PickRules;
  /** Category names, priciest first; with more than one each seat shows its category's mark. */
  categories: readonly string[];
  onToggle: (seat: MapSeat) => void;
}

/**
 * The screen, then one labelled row of seat buttons per row, each at its cell of the layout, so
 * aisles and gaps stay empty space; each seat says its state (and, when the show has several
 * categories, its category and price) in its name. Blocked seats are drawn, never picked.
 */
export function SeatMap({ seats, selectedIds, rules, categories, onToggle }: SeatMapProps) {
  const several = categories.length > 1;
  // SeatGrid places a seat by `column`: here its cell, gaps counted.
  const placed = seats.map((seat) => ({ ...seat, column: seat.x }));
  return (
    <SeatGrid
      seats={placed}
      columnNumbers={!hasGaps(seats)}
      look={(seat) => {
        const display = seatDisplay(seat, selectedIds);
        const selectable = display === 'selected' || canPick(seat, rules);
        const name = describeSeat(seat, {
          display,
          withCategory: several,
          heldBack: isHeldBack(seat, rules) && !rules.accessible,
        });
        const rank = categories.indexOf(seat.category);
        return {
          tone: display,
          face: seatFace(seat, display),
          name: `Seat ${name}`,
          title: name,
          className: cx(
            styles.seat,
            seat.kind === 'blocked' && styles.blocked,
            several && rank >= 0 && styles[CATEGORY_MARKS[rank] ?? ''],
          ),
          'aria-disabled': selectable ? undefined : true,
          onClick: () => {
            if (selectable) onToggle(seat);
          },
        };
      }}
    />
  );
}
