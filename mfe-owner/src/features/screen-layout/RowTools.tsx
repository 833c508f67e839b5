import { LAYOUT_LIMITS } from '@cinema/contract';
import { Button, TextField } from '@cinema/ui';
import type { Draft } from './draft';
import styles from './ScreenLayoutEditor.module.css';

export interface RowToolsProps {
  draft: Draft;
  /** The row of the cell last focused in the grid. */
  rowIndex: number;
  onRename: (label: string) => void;
  onAddCell: () => void;
  onRemoveCell: () => void;
  onRemoveRow: () => void;
  onAddRow: () => void;
}

/** The focused row's label and length, and rows added at the back. */
export function RowTools({
  draft,
  rowIndex,
  onRename,
  onAddCell,
  onRemoveCell,
  onRemoveRow,
  onAddRow,
}: RowToolsProps) {
  const row = draft.rows[rowIndex];
  return (
    <fieldset className={styles.rowTools}>
      <legend>
        Row {rowIndex + 1} of {draft.rows.length}
        {row?.label ? ` (${row.label})` : ''}
      </legend>
      {row && (
        <>
          <TextField
            label="Row label"
            hint="One or two capital letters, e.g. C or AA. Choose a row by focusing one of its cells."
            value={row.label}
            maxLength={2}
            autoCapitalize="characters"
            onChange={(event) => onRename(event.target.value)}
          />
          <p className={styles.rowLength}>
            {row.cells.length} {row.cells.length === 1 ? 'cell' : 'cells'}
          </p>
          <div className={styles.buttons}>
            <Button
              size="small"
              variant="secondary"
              disabled={row.cells.length >= LAYOUT_LIMITS.cells}
              onClick={onAddCell}
            >
              Add seat at end of row
            </Button>
            <Button
              size="small"
              variant="secondary"
              disabled={row.cells.length <= 1}
              onClick={onRemoveCell}
            >
              Remove last cell of row
            </Button>
            <Button
              size="small"
              variant="secondary"
              disabled={draft.rows.length <= 1}
              onClick={onRemoveRow}
            >
              Remove this row
            </Button>
          </div>
        </>
      )}
      <Button
        size="small"
        variant="secondary"
        disabled={draft.rows.length >= LAYOUT_LIMITS.rows}
        onClick={onAddRow}
      >
        Add row at back
      </Button>
    </fieldset>
  );
}
