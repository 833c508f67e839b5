import { Skeleton, VisuallyHidden } from '@cinema/ui';
import styles from './ReportSkeleton.module.css';

/** Grey figures and a grey chart in the report's shape, so the page does not jump. */
export function ReportSkeleton() {
  return (
    <div role="status" className={styles.skeleton}>
      <VisuallyHidden>Loading the report...</VisuallyHidden>
      <div className={styles.figures} aria-hidden="true">
        {['tickets', 'cancellations', 'revenue', 'occupancy'].map((figure) => (
          <div key={figure} className={styles.figure}>
            <Skeleton lines={2} label="" />
          </div>
        ))}
      </div>
      <div className={styles.chart} aria-hidden="true" />
      <div aria-hidden="true">
        <Skeleton lines={5} label="" />
      </div>
    </div>
  );
}
