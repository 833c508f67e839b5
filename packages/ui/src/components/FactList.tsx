import type { ReactNode } from 'react';
import styles from './FactList.module.css';

export interface Fact {
  /** Unique in the list; shown with a colon after it, e.g. 'Language:'. */
  label: string;
  value: ReactNode;
}

export interface FactListProps {
  items: readonly Fact[];
}

/** Label and value pairs, e.g. 'Language: English' in a movie's card, as a description list. */
export function FactList({ items }: FactListProps) {
  return (
    <dl className={styles.facts}>
      {items.map((item) => (
        <div key={item.label} className={styles.fact}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
