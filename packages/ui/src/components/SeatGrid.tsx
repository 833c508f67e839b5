import type { ButtonHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { cx } from '../cx';
import styles from './SeatGrid.module.css';

/** How a seat is drawn, in the spec's colours (the `--cinema-seat-*` tokens). */
export type SeatTone = 'available' | 'booked' | 'mine' | 'selected' | 'held';

/** What the grid needs to know of a seat: where it is. */
export interface GridSeat {
  id: number;
  /** 'A', 'B', ... */
  row: string;
  /** 1, 2, ... */
  column: number;
}

/** How one seat looks and what its button does. */
export interface SeatLook extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  tone: SeatTone;
  /** What the seat shows beyond colour, e.g. its label 'A1' or a mark '✕'; hidden from screen readers. */
  face: string;
  /** How the seat is announced, e.g. 'Seat A5, booked by asha'. */
  name: string;
  /** The map's own look: font size, cursor, hover. */
  className?: string;
}

export interface SeatGridProps<Seat extends GridSeat> {
  /** In the order the API sends them: row, then column. */
  seats: readonly Seat[];
  look: (seat: Seat) => SeatLook;
  /** Widest a seat grows; seats shrink to 1.5rem (24 px, WCAG's minimum target) before the grid scrolls. */
  maxSeatSize?: string;
}

/** Seats grouped by row, in the order given (row, then column). */
export function groupSeatsByRow<Seat extends GridSeat>(
  seats: readonly Seat[],
): { row: string; seats: Seat[] }[] {
  const rows: { row: string; seats: Seat[] }[] = [];
  for (const seat of seats) {
    const last = rows.at(-1);
    if (last && last.row === seat.row) last.seats.push(seat);
    else rows.push({ row: seat.row, seats: [seat] });
  }
  return rows;
}

const ARROWS: Record<string, [rows: number, columns: number]> = {
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
};

/** Arrow keys move between seats: the next in the row, or the nearest column above or below. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const from = event.currentTarget;
  const step = ARROWS[event.key];
  const map = from.closest('[data-seat-map]');
  if (!step || !map) return;
  const row = Number(from.dataset.rowIndex) + step[0];
  const column = Number(from.dataset.column);
  const inRow = [...map.querySelectorAll<HTMLButtonElement>(`[data-row-index="${row}"]`)];
  const target =
    step[1] !== 0
      ? inRow[inRow.indexOf(from) + step[1]]
      : inRow.reduce<HTMLButtonElement | undefined>((best, button) => {
          const distance = Math.abs(Number(button.dataset.column) - column);
          return best === undefined || distance < Math.abs(Number(best.dataset.column) - column)
            ? button
            : best;
        }, undefined);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * A seat map: the screen, column numbers, then one labelled row ('Row A') of seat buttons per
 * row. Each seat says its state in its name and shows a face beyond colour; arrow keys move
 * between seats, Tab, Enter and Space work as on any button. What a seat does is `look`'s.
 */
export function SeatGrid<Seat extends GridSeat>({
  seats,
  look,
  maxSeatSize = '2.5rem',
}: SeatGridProps<Seat>) {
  const rows = groupSeatsByRow(seats);
  const columns = Math.max(1, ...seats.map((seat) => seat.column));
  const columnNumbers = Array.from({ length: columns }, (_, index) => index + 1);
  const template = `1.25rem repeat(${columns}, minmax(1.5rem, ${maxSeatSize}))`;

  return (
    <div className={styles.scroll}>
      <div className={styles.map} data-seat-map="">
        <div className={styles.screen}>Screen</div>
        <div className={styles.row} style={{ gridTemplateColumns: template }} aria-hidden="true">
          {columnNumbers.map((column) => (
            <span key={column} className={styles.columnNumber} style={{ gridColumn: column + 1 }}>
              {column}
            </span>
          ))}
        </div>
        {rows.map(({ row, seats: rowSeats }, rowIndex) => (
          // biome-ignore lint/a11y/useSemanticElements: a row of seat buttons, named 'Row A'; no fieldset semantics wanted
          <div
            key={row}
            role="group"
            aria-label={`Row ${row}`}
            className={styles.row}
            style={{ gridTemplateColumns: template }}
          >
            <span className={styles.rowLabel} aria-hidden="true">
              {row}
            </span>
            {rowSeats.map((seat) => {
              const { tone, face, name, className, ...buttonProps } = look(seat);
              return (
                <button
                  key={seat.id}
                  type="button"
                  {...buttonProps}
                  className={cx(styles.seat, styles[tone], className)}
                  style={{ gridColumn: seat.column + 1 }}
                  aria-label={name}
                  data-row-index={rowIndex}
                  data-column={seat.column}
                  onKeyDown={moveFocus}
                >
                  <span aria-hidden="true">{face}</span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

export interface SeatLegendEntry {
  tone: SeatTone;
  /** The face the map shows for it, e.g. '✕'. */
  face: string;
  /** e.g. 'Booked' */
  label: ReactNode;
}

/** What each colour and face on a SeatGrid means. */
export function SeatLegend({ entries }: { entries: readonly SeatLegendEntry[] }) {
  return (
    <ul className={styles.legend} aria-label="Seat legend">
      {entries.map((entry) => (
        <li key={entry.tone} className={styles.legendItem}>
          <span className={cx(styles.swatch, styles[entry.tone])} aria-hidden="true">
            {entry.face}
          </span>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
