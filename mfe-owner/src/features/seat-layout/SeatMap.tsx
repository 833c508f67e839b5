import type { Seat } from '@cinema/api-client';
import { cx, SeatGrid } from '@cinema/ui';
import { useState } from 'react';
import styles from './SeatMap.module.css';
import { isDuplicate, seatFace, seatKind, seatName, seatTooltip } from './seatKind';
import { CATEGORY_MARKS, hasGaps, placeSeats } from './seatPlace';

export interface SeatMapProps {
  seats: readonly Seat[];
  /** Category names, priciest first; with more than one each seat shows its category's mark. */
  categories: readonly string[];
}

/**
 * The screen, then one labelled row of seats per row, each at its cell of the screen's layout,
 * so aisles stay empty space. Read-only: each seat is a button in one Tab stop (arrow keys move
 * between seats) whose name says what it is, its state and, when booked, who booked it; the line
 * under the map repeats that for the seat in focus or under the pointer.
 */
export function SeatMap({ seats, categories }: SeatMapProps) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const [pointed, setPointed] = useState<Seat | null>(null);
  const active = seats.find((seat) => seat.id === activeId) ?? null;
  const shown = pointed ?? active;
  const several = categories.length > 1;

  return (
    <div className={styles.wrapper}>
      <SeatGrid
        seats={placeSeats(seats)}
        columnNumbers={!hasGaps(seats)}
        label="Seats of the show"
        maxSeatPx={44}
        look={(seat) => {
          const kind = seatKind(seat);
          const rank = categories.indexOf(seat.category);
          return {
            tone: kind,
            face: seatFace(seat),
            name: seatName(seat, { withCategory: several }),
            className: cx(
              styles.seat,
              (kind !== 'available' || seat.kind !== 'seat') && styles.mark,
              seat.kind === 'blocked' && styles.blocked,
              several && seat.kind !== 'blocked' && rank >= 0 && styles[CATEGORY_MARKS[rank] ?? ''],
              isDuplicate(seat) && styles.duplicate,
            ),
            title: seatTooltip(seat) ?? undefined,
            onFocus: () => setActiveId(seat.id),
            onMouseEnter: () => setPointed(seat),
            onMouseLeave: () => setPointed(null),
          };
        }}
      />
      {/* For sighted keyboard users, who never see a title tooltip; the seat's name already says it. */}
      <p className={styles.details} aria-hidden="true">
        {shown
          ? `${shown.label}: ${seatTooltip(shown) ?? 'Available'}`
          : 'Point at a seat, or use Tab and the arrow keys, to see who booked it.'}
      </p>
    </div>
  );
}
