import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, type FieldFrameProps, fieldStyles as styles, useFieldIds } from './Field';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends Omit<ComponentPropsWithRef<'select'>, 'children'>,
    FieldFrameProps {
  options: readonly SelectOption[];
  /** An empty first choice such as 'Select Role'; its value is ''. */
  placeholder?: string;
}

/** A labelled <select>. `className` goes to the wrapper. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...selectProps
}: SelectFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldIds(
    id,
    { error, hint },
    describedBy,
  );
  return (
    <FieldFrame {...{ label, error, hint, controlId, hintId, errorId, required, className }}>
      <select {...selectProps} {...controlProps} required={required} className={styles.input}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
