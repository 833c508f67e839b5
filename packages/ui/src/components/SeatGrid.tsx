import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useRef,
  useState,
} from 'react';
import { cx } from '../cx';
import { Button } from './Button';
import shadows from './ScrollShadows.module.css';
import styles from './SeatGrid.module.css';
import { useOverflowing } from './useOverflowing';
import { ROW_LABEL_PX, useSeatZoom } from './useSeatZoom';

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

/** How one seat looks and what its button does (the grid owns its Tab order and arrow keys). */
export interface SeatLook
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'tabIndex' | 'onKeyDown'> {
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
  /** Widest a seat grows (px) where the whole map fits at that size. */
  maxSeatPx?: number;
  /** The grid's name for screen readers; 'Seats' unless given. */
  label?: string;
  /**
   * Number the columns above the seats (true unless given). A layout with aisles places seats by
   * cell (`column` is then the cell), where a column is not a seat number.
   */
  columnNumbers?: boolean;
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

/** Rows PageUp and PageDown move by. */
const PAGE_ROWS = 5;

/** Where a seat is: its row's index and its own index within that row. */
interface Position {
  row: number;
  index: number;
}

/** The seat in `row` whose column is nearest `column`. */
function nearestInRow<Seat extends GridSeat>(rowSeats: readonly Seat[], column: number): number {
  let best = 0;
  rowSeats.forEach((seat, index) => {
    const bestSeat = rowSeats[best];
    if (bestSeat && Math.abs(seat.column - column) < Math.abs(bestSeat.column - column))
      best = index;
  });
  return best;
}

/**
 * Where a key moves the focus from `at`, per the WAI-ARIA grid pattern: arrows to the next seat
 * in the row or the nearest column in the row above or below, Home/End to the row's ends,
 * Ctrl+Home/End to the first and last seat, PageUp/PageDown five rows. Null: not a move key.
 */
function move<Seat extends GridSeat>(
  rows: readonly { seats: Seat[] }[],
  at: Position,
  key: string,
  ctrl: boolean,
): Position | null {
  const row = rows[at.row]?.seats ?? [];
  const column = row[at.index]?.column ?? 1;
  const last = rows.length - 1;
  const toRow = (target: number) => {
    const clamped = Math.min(last, Math.max(0, target));
    return { row: clamped, index: nearestInRow(rows[clamped]?.seats ?? [], column) };
  };
  switch (key) {
    case 'ArrowLeft':
      return { row: at.row, index: Math.max(0, at.index - 1) };
    case 'ArrowRight':
      return { row: at.row, index: Math.min(row.length - 1, at.index + 1) };
    case 'ArrowUp':
      return toRow(at.row - 1);
    case 'ArrowDown':
      return toRow(at.row + 1);
    case 'PageUp':
      return toRow(at.row - PAGE_ROWS);
    case 'PageDown':
      return toRow(at.row + PAGE_ROWS);
    case 'Home':
      return ctrl ? { row: 0, index: 0 } : { row: at.row, index: 0 };
    case 'End':
      return ctrl
        ? { row: last, index: (rows[last]?.seats.length ?? 1) - 1 }
        : { row: at.row, index: row.length - 1 };
    default:
      return null;
  }
}

/**
 * A seat map: the screen, column numbers, then a grid (WAI-ARIA grid pattern) of one row
 * ('Row A') of seat buttons per row. The grid is one Tab stop: the seat last focused (at first
 * the first seat) is in the Tab order, the others are reached with the arrow keys, Home/End,
 * Ctrl+Home/End and PageUp/PageDown. Each seat says its state in its name and shows a face
 * beyond colour; Enter and Space press it. What a seat does is `look`'s.
 *
 * At first the whole map fits its box's width (useSeatZoom). Where that draws the seats smaller
 * than a thumb's target, 'Zoom in' and 'Zoom out', a pinch, a double tap and a tap on seats too
 * small to pick zoom it; a zoomed map scrolls sideways inside its box and says so. Seats drawn
 * under 24 px (WCAG 2.5.8) leave the Tab order and a tap does not pick one: the keyboard's way in
 * is 'Zoom in', and a seat focused while that small zooms the map first.
 */
export function SeatGrid<Seat extends GridSeat>({
  seats,
  look,
  maxSeatPx = 40,
  label = 'Seats',
  columnNumbers = true,
}: SeatGridProps<Seat>) {
  const rows = groupSeatsByRow(seats);
  const columns = Math.max(1, ...seats.map((seat) => seat.column));
  const numbers = Array.from({ length: columns }, (_, index) => index + 1);
  const [activeId, setActiveId] = useState<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(box);
  const zoom = useSeatZoom(box, map, columns, maxSeatPx);
  // Until the box is measured (and where nothing measures it), seats of 24 px up to the largest.
  const template =
    zoom.seatPx === null
      ? `${ROW_LABEL_PX}px repeat(${columns}, minmax(1.5rem, ${maxSeatPx}px))`
      : `${ROW_LABEL_PX}px repeat(${columns}, var(--seat-size))`;
  const tabStopId = zoom.tooSmall
    ? null
    : seats.some((seat) => seat.id === activeId)
      ? activeId
      : (seats[0]?.id ?? null);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, at: Position) {
    const to = move(rows, at, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    const target = rows[to.row]?.seats[to.index];
    if (!target) return;
    setActiveId(target.id);
    const button = buttons.current.get(target.id);
    // Brought into view by its scroll margins (clear of the sticky header and pay bar), which a
    // focus's own scrolling ignores.
    button?.focus({ preventScroll: true });
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  return (
    <div className={styles.frame}>
      {(overflowing || zoom.zoomable) && (
        <div className={styles.bar}>
          {overflowing ? (
            <p className={styles.hint}>
              <span aria-hidden="true">← </span>Scroll sideways to see every seat
              <span aria-hidden="true"> →</span>
            </p>
          ) : (
            zoom.tooSmall && <p className={styles.hint}>Tap or pinch to zoom in</p>
          )}
          {zoom.zoomable && (
            // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form's fieldset
            <div role="group" aria-label="Map size" className={styles.zoom}>
              {(
                [
                  ['Zoom out', '−', zoom.canZoomOut, zoom.zoomOut],
                  ['Zoom in', '+', zoom.canZoomIn, zoom.zoomIn],
                ] as const
              ).map(([name, sign, enabled, onClick]) => (
                // aria-disabled, not disabled: at the last step the button keeps the focus.
                <Button
                  key={name}
                  variant="secondary"
                  size="small"
                  className={styles.zoomButton}
                  aria-label={name}
                  title={name}
                  aria-disabled={!enabled}
                  onClick={onClick}
                >
                  <span aria-hidden="true">{sign}</span>
                </Button>
              ))}
            </div>
          )}
        </div>
      )}
      <div
        ref={box}
        className={cx(
          styles.scroll,
          zoom.zoomable && styles.zoomable,
          overflowing && shadows.overflowing,
        )}
        {...zoom.box}
      >
        <div
          ref={map}
          className={cx(styles.map, zoom.tooSmall && styles.small)}
          style={
            zoom.seatPx === null
              ? undefined
              : ({ '--seat-size': `${zoom.seatPx}px` } as CSSProperties)
          }
        >
          <div className={styles.screen}>Screen</div>
          {columnNumbers && (
            <div
              className={styles.row}
              style={{ gridTemplateColumns: template }}
              aria-hidden="true"
            >
              {numbers.map((column) => (
                <span
                  key={column}
                  className={styles.columnNumber}
                  style={{ gridColumn: column + 1 }}
                >
                  {column}
                </span>
              ))}
            </div>
          )}
          {/* biome-ignore lint/a11y/useSemanticElements: a CSS grid of seats, not tabular data; the WAI-ARIA grid pattern gives it rows and cells */}
          <div role="grid" aria-label={label} className={styles.grid}>
            {rows.map(({ row, seats: rowSeats }, rowIndex) => (
              // biome-ignore lint/a11y/useSemanticElements: a row of the seat grid (see above)
              // biome-ignore lint/a11y/useFocusableInteractive: its seat buttons take the focus
              <div
                key={row}
                role="row"
                aria-label={`Row ${row}`}
                className={styles.row}
                style={{ gridTemplateColumns: template }}
              >
                <span className={styles.rowLabel} aria-hidden="true">
                  {row}
                </span>
                {rowSeats.map((seat, index) => {
                  const { tone, face, name, className, onFocus, ...buttonProps } = look(seat);
                  return (
                    // biome-ignore lint/a11y/useSemanticElements: a cell of the seat grid (see above)
                    // biome-ignore lint/a11y/useFocusableInteractive: its seat button takes the focus
                    <div
                      key={seat.id}
                      role="gridcell"
                      className={styles.cell}
                      style={{ gridColumn: seat.column + 1 }}
                    >
                      <button
                        type="button"
                        {...buttonProps}
                        ref={(element) => {
                          if (element) buttons.current.set(seat.id, element);
                          else buttons.current.delete(seat.id);
                        }}
                        className={cx(styles.seat, styles[tone], className)}
                        aria-label={name}
                        tabIndex={seat.id === tabStopId ? 0 : -1}
                        onFocus={(event) => {
                          setActiveId(seat.id);
                          onFocus?.(event);
                        }}
                        onKeyDown={(event) => handleKeyDown(event, { row: rowIndex, index })}
                      >
                        <span aria-hidden="true">{face}</span>
                      </button>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
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
        <li key={`${entry.tone}-${entry.face}`} className={styles.legendItem}>
          <span className={cx(styles.swatch, styles[entry.tone])} aria-hidden="true">
            {entry.face}
          </span>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
