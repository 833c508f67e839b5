import {
  canPick,
  isHeldBack,
  type MapSeat,
  type PickRules,
  rowsOf,
} from '../../lib/seat-selection/seatLayout';
import { seatDisplay } from '../../lib/seat-selection/selection';
import styles from './SeatList.module.css';
import { describeSeat } from './seatAppearance';

export interface SeatListProps {
  seats: readonly MapSeat[];
  selectedIds: readonly number[];
  rules: PickRules;
  onToggle: (seat: MapSeat) => void;
}

/**
 * The seat map as a list a screen reader steps through: a heading and a group per row, then
 * each seat as a checkbox named by its label, kind, category, price and state ('C7, Recliner,
 * ₹350, available'); checked while picked. The same rules as the map: a seat that may not be
 * picked stays in the list, says why, and ignores presses.
 */
export function SeatList({ seats, selectedIds, rules, onToggle }: SeatListProps) {
  return (
    <div className={styles.list}>
      {rowsOf(seats).map(({ row, seats: rowSeats }) => (
        <SeatRow
          key={row}
          row={row}
          seats={rowSeats}
          selectedIds={selectedIds}
          rules={rules}
          onToggle={onToggle}
        />
      ))}
    </div>
  );
}

function SeatRow({
  row,
  seats,
  selectedIds,
  rules,
  onToggle,
}: SeatListProps & { row: string; seats: MapSeat[] }) {
  return (
    <fieldset className={styles.row}>
      <legend className={styles.legend}>
        <h3 className={styles.heading}>Row {row}</h3>
      </legend>
      <ul className={styles.seats}>
        {seats.map((seat) => {
          const selected = selectedIds.includes(seat.id);
          const selectable = selected || canPick(seat, rules);
          const name = describeSeat(seat, {
            display: seatDisplay(seat, []),
            withCategory: true,
            heldBack: isHeldBack(seat, rules) && !rules.accessible,
          });
          return (
            <li key={seat.id}>
              <label className={styles.seat}>
                <input
                  type="checkbox"
                  checked={selected}
                  aria-disabled={selectable ? undefined : true}
                  onChange={() => {
                    if (selectable) onToggle(seat);
                  }}
                />
                {name}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
