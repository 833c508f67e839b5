import type { ReactNode } from 'react';
import { cx } from '../cx';
import styles from './FactList.module.css';

export interface Fact {
  /** Unique in the list; shown with a colon after it, e.g. 'Language:'. */
  label: string;
  value: ReactNode;
}

export interface FactListProps {
  items: readonly Fact[];
  /**
   * On a phone, the values run on as one line ('PVR · Screen 1 · Mon, 30 Nov'), their labels
   * kept for screen readers: for a page whose first screen is short of room (the seat page).
   */
  runOnOnPhone?: boolean;
}

/** Label and value pairs, e.g. 'Language: English' in a movie's card, as a description list. */
export function FactList({ items, runOnOnPhone = false }: FactListProps) {
  return (
    <dl className={cx(styles.facts, runOnOnPhone && styles.runOn)}>
      {items.map((item) => (
        <div key={item.label} className={styles.fact}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
