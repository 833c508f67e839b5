import { cx } from '@cinema/ui';
import styles from './CheckInPage.module.css';
import type { Verdict } from './verdict';

/** Unmistakable from across the desk: green in, blue out, red refused, in words with a mark. */
export function VerdictPanel({ verdict }: { verdict: Verdict }) {
  const tone =
    verdict.kind === 'admitted'
      ? styles.admitted
      : verdict.kind === 'exited'
        ? styles.exited
        : styles.refused;
  const mark = verdict.kind === 'admitted' ? '✓' : verdict.kind === 'exited' ? '↩' : '✕';
  return (
    <div className={cx(styles.verdict, tone)}>
      <p className={styles.headline}>
        <span aria-hidden="true" className={styles.mark}>
          {mark}
        </span>
        {verdict.headline}
      </p>
      {verdict.kind === 'refused' && <p className={styles.reason}>{verdict.reason}</p>}
      {verdict.detail && <p className={styles.detail}>{verdict.detail}</p>}
      {verdict.offline && (
        <p className={styles.detail}>
          Decided offline on this device
          {verdict.kind === 'refused' ? '.' : ': it syncs when the network is back.'}
        </p>
      )}
    </div>
  );
}
