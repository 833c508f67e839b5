import { type ComponentPropsWithRef, useState } from 'react';
import { cx } from '../cx';
import { FieldFrame, type FieldFrameProps, fieldStyles as styles, useFieldIds } from './Field';

export interface TextFieldProps
  extends Omit<ComponentPropsWithRef<'input'>, 'size'>,
    FieldFrameProps {
  /** With type="password": a button that shows or hides what was typed. */
  passwordToggle?: boolean;
}

/** A labelled input. All input props reach the <input>; `className` goes to the wrapper. */
export function TextField({
  label,
  error,
  hint,
  passwordToggle = false,
  id,
  type = 'text',
  className,
  required,
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldIds(
    id,
    { error, hint },
    describedBy,
  );
  const [passwordVisible, setPasswordVisible] = useState(false);
  const hasToggle = passwordToggle && type === 'password';

  return (
    <FieldFrame {...{ label, error, hint, controlId, hintId, errorId, required, className }}>
      <div className={styles.control}>
        <input
          {...inputProps}
          {...controlProps}
          type={hasToggle && passwordVisible ? 'text' : type}
          required={required}
          className={cx(styles.input, hasToggle && styles.withToggle)}
        />
        {hasToggle && (
          <button
            type="button"
            className={styles.toggle}
            aria-controls={controlId}
            aria-label={passwordVisible ? 'Hide password' : 'Show password'}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            {passwordVisible ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
    </FieldFrame>
  );
}
