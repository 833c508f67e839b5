import { type Key, type ReactNode, useId, useRef } from 'react';
import { cx } from '../cx';
import shadows from './ScrollShadows.module.css';
import styles from './Table.module.css';
import { useOverflowing } from './useOverflowing';
import hidden from './VisuallyHidden.module.css';

export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  /** The column's name on each value in the narrow card layout; the header when it is text. */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** 'end' for numbers and amounts. */
  align?: 'start' | 'end';
}

export interface TableProps<Row> {
  /** Names the table for assistive technology; hide it visually with `captionHidden`. */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in the table body when there are no rows, e.g. 'No bookings found.'. */
  emptyMessage?: ReactNode;
}

/** What a value is called in the card layout (drawn by CSS from `data-label`). */
function cardLabel(column: Pick<TableColumn<never>, 'header' | 'label'>): string | undefined {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

/**
 * A data table. Where its box is narrower than about 600 px (a phone, or a narrow panel) each
 * row becomes a card of 'label value' lines, so nothing is squeezed into tall columns or hidden
 * off to the side; wider, it is a table that scrolls sideways inside its box if it must.
 */
export function Table<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  emptyMessage,
}: TableProps<Row>) {
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(box);
  return (
    <>
      {/* Said in words and shown by shadows at the edges while columns are out of sight. */}
      {overflowing && (
        <p className={styles.hint}>
          <span aria-hidden="true">← </span>Scroll sideways to see every column
          <span aria-hidden="true"> →</span>
        </p>
      )}
      {/* A focusable, named group (not a landmark: the page around it has its own) so keyboard
        users can scroll a wide table sideways. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a box around a table, not a set of form fields */}
      <div
        ref={box}
        role="group"
        className={cx(styles.scroll, overflowing && shadows.overflowing)}
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <table className={styles.table}>
          {/* A hidden caption takes no room: no empty band above the header. */}
          <caption id={captionId} className={captionHidden ? hidden.hidden : styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cx(column.align === 'end' && styles.end)}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && emptyMessage !== undefined ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={cx(column.align === 'end' && styles.end)}
                      data-label={cardLabel(column)}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
