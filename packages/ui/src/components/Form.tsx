import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../cx';
import { surfaceClassName } from './Card';
import styles from './Form.module.css';

export interface FormProps extends ComponentPropsWithRef<'form'> {
  /** Draw the form on the card's surface, for a form that stands alone on a page. */
  panel?: boolean;
}

/** A form laid out as one column of fields; validation is ours, not the browser's. */
export function Form({ panel = false, className, ...formProps }: FormProps) {
  return (
    <form
      noValidate
      {...formProps}
      className={cx(styles.form, panel && surfaceClassName, panel && styles.panel, className)}
    />
  );
}

/** Two fields side by side where there is room (e.g. Rows and Seats per row), stacked on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

/** A row of actions under the fields, e.g. Send OTP, or Back and Logout. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** What went wrong with the form as a whole (not one field), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
