import type { TableColumn } from '@cinema/ui';
import styles from './noWrap.module.css';

/**
 * The same columns with each cell kept on one line: on a phone the table scrolls sideways
 * inside its box rather than stacking names and dates a word per line.
 */
export function noWrap<Row>(columns: readonly TableColumn<Row>[]): TableColumn<Row>[] {
  return columns.map((column) => ({
    ...column,
    cell: (row: Row) => <span className={styles.noWrap}>{column.cell(row)}</span>,
  }));
}
