import { cx } from '@cinema/ui';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './Form.module.css';

/** A form laid out as one column of fields; validation is ours, not the browser's. */
export function Form({ className, ...formProps }: ComponentPropsWithRef<'form'>) {
  return <form noValidate {...formProps} className={cx(styles.form, className)} />;
}

/** A row of actions under the fields, e.g. Send OTP, or Back and Logout. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
