import { type ReactNode, useId } from 'react';
import styles from './ReportSection.module.css';

/** One part of the report under its h2, e.g. 'Sales by theater'. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
