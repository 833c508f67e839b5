import type { Ref } from 'react';
import type { CellAt, LayoutProblem } from './draft';
import styles from './ScreenLayoutEditor.module.css';

export interface LayoutProblemsProps {
  ref?: Ref<HTMLDivElement>;
  /** checkLayout's first complaint about the drawing, live. */
  problem: LayoutProblem | null;
  /** What the API said when saving failed. */
  serverProblem: string | null;
  fieldErrors: { name?: string; hours?: string };
  onGoToCell: (at: CellAt) => void;
}

/**
 * What must be fixed before the layout can be saved, updated as the owner draws (announced
 * politely) and focused when Save is pressed anyway; a problem at a cell has a button to it.
 */
export function LayoutProblems({
  ref,
  problem,
  serverProblem,
  fieldErrors,
  onGoToCell,
}: LayoutProblemsProps) {
  const items = [
    ...(fieldErrors.name ? [{ key: 'name', text: `Screen name: ${fieldErrors.name}` }] : []),
    ...(fieldErrors.hours ? [{ key: 'hours', text: `Hold back: ${fieldErrors.hours}` }] : []),
    ...(serverProblem ? [{ key: 'server', text: serverProblem }] : []),
  ];
  const empty = items.length === 0 && problem === null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-live="polite"
      className={empty ? styles.noProblems : styles.problems}
    >
      {!empty && (
        <>
          <h2 className={styles.problemsHeading}>
            <span aria-hidden="true">⚠ </span>Fix this before saving
          </h2>
          <ul className={styles.problemList}>
            {problem && (
              <li>
                {problem.message}
                {problem.where ? ` (${problem.where})` : ''}
                {problem.cell && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => problem.cell && onGoToCell(problem.cell)}
                    >
                      Go to {problem.where}
                    </button>
                  </>
                )}
              </li>
            )}
            {items.map((item) => (
              <li key={item.key}>{item.text}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
