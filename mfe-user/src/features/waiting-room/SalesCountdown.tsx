import type { Sale } from '@cinema/api-client';
import { cx, surfaceClassName } from '@cinema/ui';
import type { ReactNode } from 'react';
import styles from './SaleGate.module.css';
import { formatClock } from './time';
import { useSecondsUntil } from './useSecondsUntil';

/** Sales open at a time: the time, and a countdown that announces itself only at the end. */
export function SalesCountdown({
  sale,
  now,
  onOpen,
  children,
}: {
  sale: Sale;
  now: () => number;
  onOpen: () => void;
  children?: ReactNode;
}) {
  const opensAt = sale.sales_open_at as string;
  const seconds = useSecondsUntil(opensAt, now, onOpen);
  const when = new Date(opensAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section aria-labelledby="sales-countdown" className={cx(surfaceClassName, styles.panel)}>
      <h2 id="sales-countdown" className={styles.heading}>
        Sales open at {when}
      </h2>
      <p className={styles.clock}>
        <span className={styles.caption}>Opens in</span>{' '}
        <span role="timer" aria-live="off">
          {formatClock(seconds)}
        </span>
      </p>
      {children}
    </section>
  );
}
