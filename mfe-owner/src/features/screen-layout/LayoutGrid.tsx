import { type KeyboardEvent, useId, useRef } from 'react';
import { type CellAt, cellName, type Draft, type DraftCell, rowName } from './draft';
import styles from './LayoutGrid.module.css';

export interface LayoutGridProps {
  draft: Draft;
  /** The cell in the Tab order (the one last focused), whose row the row tools act on. */
  active: CellAt;
  onActiveChange: (at: CellAt) => void;
  /** Click, tap, Enter or Space on a cell: paint it with the current tool and category. */
  onPaint: (at: CellAt) => void;
  label: string;
}

/** The face a cell shows beyond colour (hidden from screen readers, which hear its name). */
function faceOf(draft: Draft, cell: DraftCell | null): string {
  if (cell === null) return '';
  if (cell.kind === 'wheelchair') return '♿';
  if (cell.kind === 'companion') return '+';
  if (cell.kind === 'blocked') return '✕';
  const name = draft.categories.find((category) => category.key === cell.category)?.name ?? '';
  return name.slice(0, 1).toUpperCase();
}

/** Where a key moves the focus from `at` (WAI-ARIA grid pattern), or null for other keys. */
function move(draft: Draft, at: CellAt, key: string, ctrl: boolean): CellAt | null {
  const lastRow = draft.rows.length - 1;
  const lengthOf = (row: number) => draft.rows[row]?.cells.length ?? 1;
  const toRow = (row: number) => {
    const target = Math.min(lastRow, Math.max(0, row));
    return { row: target, index: Math.min(at.index, lengthOf(target) - 1) };
  };
  switch (key) {
    case 'ArrowLeft':
      return { row: at.row, index: Math.max(0, at.index - 1) };
    case 'ArrowRight':
      return { row: at.row, index: Math.min(lengthOf(at.row) - 1, at.index + 1) };
    case 'ArrowUp':
      return toRow(at.row - 1);
    case 'ArrowDown':
      return toRow(at.row + 1);
    case 'Home':
      return ctrl ? { row: 0, index: 0 } : { row: at.row, index: 0 };
    case 'End':
      return ctrl
        ? { row: lastRow, index: lengthOf(lastRow) - 1 }
        : { row: at.row, index: lengthOf(at.row) - 1 };
    default:
      return null;
  }
}

/**
 * The layout being drawn, front row (nearest the screen) at the top: a grid of one button per
 * cell, one Tab stop (arrows, Home/End, Ctrl+Home/End move; Enter or Space paints), each named
 * 'Row C, position 5: Recliner seat'. It scrolls sideways inside its own box on a phone; cells
 * stay 28 px, above WCAG's 24 px targets.
 */
export function LayoutGrid({ draft, active, onActiveChange, onPaint, label }: LayoutGridProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const hintId = useId();
  const columns = Math.max(1, ...draft.rows.map((row) => row.cells.length));
  const template = `2.25rem repeat(${columns}, 1.75rem)`;

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, at: CellAt) {
    const to = move(draft, at, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    onActiveChange(to);
    buttons.current.get(`${to.row}:${to.index}`)?.focus();
  }

  return (
    <div className={styles.frame}>
      <p id={hintId} className={styles.hint}>
        Arrow keys move between cells; Enter or Space paints one. Scroll sideways for wide rows.
      </p>
      {/* Reached by keyboard through its cells, which scroll into view as they take the focus. */}
      <div className={styles.scroll}>
        <div className={styles.map}>
          <div className={styles.screen} aria-hidden="true">
            Screen
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a CSS grid of cells to paint, not tabular data; the WAI-ARIA grid pattern gives it rows and cells */}
          <div role="grid" aria-label={label} aria-describedby={hintId} className={styles.grid}>
            {draft.rows.map((row, rowIndex) => (
              // biome-ignore lint/a11y/useSemanticElements: a row of the grid (see above)
              // biome-ignore lint/a11y/useFocusableInteractive: its cell buttons take the focus
              <div
                key={row.key}
                role="row"
                className={styles.row}
                style={{ gridTemplateColumns: template }}
              >
                {/* biome-ignore lint/a11y/useSemanticElements: the header of a grid row (see above) */}
                {/* biome-ignore lint/a11y/useFocusableInteractive: a header, not a control */}
                <span
                  role="rowheader"
                  className={styles.rowLabel}
                  aria-label={rowName(draft, rowIndex)}
                >
                  {row.label || '?'}
                </span>
                {row.cells.map((cell, index) => {
                  const at = { row: rowIndex, index };
                  const isActive = active.row === rowIndex && active.index === index;
                  const category = draft.categories.findIndex(
                    (entry) => entry.key === cell?.category,
                  );
                  return (
                    // biome-ignore lint/a11y/useSemanticElements: a cell of the grid (see above)
                    // biome-ignore lint/a11y/useFocusableInteractive: its button takes the focus
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its position in the row
                    <div key={`${row.key}-${index}`} role="gridcell" className={styles.cell}>
                      <button
                        type="button"
                        ref={(element) => {
                          if (element) buttons.current.set(`${rowIndex}:${index}`, element);
                          else buttons.current.delete(`${rowIndex}:${index}`);
                        }}
                        className={styles.paint}
                        data-cell={`${rowIndex}:${index}`}
                        data-kind={cell === null ? 'gap' : cell.kind}
                        data-category={cell === null ? undefined : category}
                        aria-label={cellName(draft, at)}
                        tabIndex={isActive ? 0 : -1}
                        onFocus={() => {
                          if (!isActive) onActiveChange(at);
                        }}
                        onClick={() => {
                          onActiveChange(at);
                          onPaint(at);
                        }}
                        onKeyDown={(event) => handleKeyDown(event, at)}
                      >
                        <span aria-hidden="true">{faceOf(draft, cell)}</span>
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
