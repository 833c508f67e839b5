import type { SalesFigures } from '@cinema/api-client';
import { cx, formatRupees, plural, surfaceClassName, toNumber } from '@cinema/ui';
import type { ReactNode } from 'react';
import { formatCount, formatPercent } from '../../lib/format';
import styles from './SummaryCards.module.css';

interface Figure {
  label: string;
  value: string;
  note?: ReactNode;
}

/**
 * The range's totals: tickets sold, cancellations, revenue, occupancy, and attendance at the door
 * (checked in; no-shows: live tickets of started shows not checked in).
 */
export function SummaryCards({ totals }: { totals: SalesFigures }) {
  const figures: Figure[] = [
    { label: 'Tickets sold', value: formatCount(totals.tickets_sold) },
    { label: 'Cancellations', value: formatCount(totals.cancellations) },
    { label: 'Revenue', value: formatRupees(toNumber(totals.revenue)) },
    {
      label: 'Occupancy',
      value: formatPercent(totals.occupancy),
      note: `of ${plural(totals.capacity, 'seat')}`,
    },
    { label: 'Checked in', value: formatCount(totals.checked_in) },
    { label: 'No-shows', value: formatCount(totals.no_shows) },
  ];
  return (
    <dl className={styles.summary}>
      {figures.map((figure) => (
        <div key={figure.label} className={cx(surfaceClassName, styles.figure)}>
          <dt className={styles.label}>{figure.label}</dt>
          <dd className={styles.value}>
            {figure.value}
            {figure.note !== undefined && <span className={styles.note}>{figure.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
