import type { Seat } from '@cinema/api-client';
import { cx, SeatGrid } from '@cinema/ui';
import { useState } from 'react';
import styles from './SeatMap.module.css';
import { isDuplicate, seatFace, seatKind, seatName, seatTooltip } from './seatKind';

export interface SeatMapProps {
  seats: readonly Seat[];
}

/**
 * The screen, then one labelled row of seats per row. Read-only: each seat is a button in one
 * Tab stop (arrow keys move between seats) whose name says its state and, when booked, who
 * booked it; the line under the map repeats that for the seat in focus or under the pointer.
 */
export function SeatMap({ seats }: SeatMapProps) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const [pointed, setPointed] = useState<Seat | null>(null);
  const active = seats.find((seat) => seat.id === activeId) ?? null;
  const shown = pointed ?? active;

  return (
    <div className={styles.wrapper}>
      <SeatGrid
        seats={seats}
        label="Seats of the show"
        maxSeatSize="2.75rem"
        look={(seat) => {
          const kind = seatKind(seat);
          return {
            tone: kind,
            face: seatFace(seat),
            name: seatName(seat),
            className: cx(
              styles.seat,
              kind !== 'available' && styles.mark,
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
