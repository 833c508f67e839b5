import { cx } from '../cx';
import styles from './StatusBadge.module.css';

export type StatusTone = 'positive' | 'muted';

export interface StatusBadgeProps {
  /** 'positive' for a live state (Confirmed, Upcoming), 'muted' for a finished one. */
  tone: StatusTone;
  /** The word itself, e.g. 'Confirmed'; the colour is only a second cue. */
  children: string;
  /** A mark before the word, hidden from screen readers; by default ✓ (positive) or ✕ (muted). */
  mark?: string;
}

/** A state in a pill, in words with a mark, not colour alone: '✓ Confirmed', '✕ Cancelled'. */
export function StatusBadge({ tone, children, mark }: StatusBadgeProps) {
  return (
    <span className={cx(styles.badge, styles[tone])}>
      <span aria-hidden="true">{mark ?? (tone === 'positive' ? '✓' : '✕')}</span>
      {children}
    </span>
  );
}

/** A ticket's state, as every list of tickets and bookings shows it: Confirmed or Cancelled. */
export function BookingStatus({ cancelled }: { cancelled: boolean }) {
  return cancelled ? (
    <StatusBadge tone="muted">Cancelled</StatusBadge>
  ) : (
    <StatusBadge tone="positive">Confirmed</StatusBadge>
  );
}
