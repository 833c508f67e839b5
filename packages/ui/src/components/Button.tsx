import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../cx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  fullWidth?: boolean;
}

/** The button look for something that is not a <button>, e.g. a router <Link> that acts as one. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
}: ButtonStyle = {}): string {
  return cx(
    styles.button,
    styles[variant],
    size === 'small' && styles.small,
    fullWidth && styles.fullWidth,
  );
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyle {
  /** While true the button is disabled and shows `busyLabel`, e.g. 'Login...'. */
  busy?: boolean;
  busyLabel?: ReactNode;
}

/** A button of the product. `type` defaults to "button" so that only a deliberate submit submits. */
export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  className,
  children,
  ...buttonProps
}: ButtonProps) {
  return (
    <button
      {...buttonProps}
      type={type}
      className={cx(buttonClassName({ variant, size, fullWidth }), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
