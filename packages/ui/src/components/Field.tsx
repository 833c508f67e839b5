import { type ReactNode, useId } from 'react';
import { cx } from '../cx';
import styles from './Field.module.css';

export const fieldStyles = styles;

export interface FieldFrameProps {
  label: ReactNode;
  /** Shown under the control and announced with it; also marks the control invalid. */
  error?: string | null | undefined;
  /** Help text under the control, e.g. 'At least 6 characters'. */
  hint?: ReactNode;
}

/** Ids that tie a control to its label, hint and error. */
export function useFieldIds(
  id: string | undefined,
  { error, hint }: Pick<FieldFrameProps, 'error' | 'hint'>,
  describedBy: string | undefined,
) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return {
    controlId,
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby':
        cx(describedBy, hint ? hintId : null, error ? errorId : null) || undefined,
    },
  };
}

interface FrameProps extends FieldFrameProps {
  controlId: string;
  hintId: string;
  errorId: string;
  required: boolean | undefined;
  className: string | undefined;
  children: ReactNode;
}

/** Label above, control, then hint and error: the same layout for every form field. */
export function FieldFrame({
  label,
  error,
  hint,
  controlId,
  hintId,
  errorId,
  required,
  className,
  children,
}: FrameProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.requiredMark} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {/* A second cue beyond the red colour. */}
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}
