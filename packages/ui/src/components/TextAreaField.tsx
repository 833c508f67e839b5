import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, type FieldFrameProps, fieldStyles as styles, useFieldIds } from './Field';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'>, FieldFrameProps {}

/** A labelled multi-line input, e.g. a movie description. `className` goes to the wrapper. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...textareaProps
}: TextAreaFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldIds(
    id,
    { error, hint },
    describedBy,
  );
  return (
    <FieldFrame {...{ label, error, hint, controlId, hintId, errorId, required, className }}>
      <textarea {...textareaProps} {...controlProps} required={required} className={styles.input} />
    </FieldFrame>
  );
}
