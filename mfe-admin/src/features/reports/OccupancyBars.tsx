import type { TheaterSales } from '@cinema/api-client';
import { plural } from '@cinema/ui';
import { formatCount, formatPercent } from '../../lib/format';
import styles from './OccupancyBars.module.css';

/** How full each theater's shows were: the share in words and a bar drawn to match. */
export function OccupancyBars({ theaters }: { theaters: readonly TheaterSales[] }) {
  return (
    <ul className={styles.bars} aria-label="Occupancy by theater">
      {theaters.map((theater) => {
        const percent = Math.min(100, Math.max(0, theater.occupancy * 100));
        return (
          <li key={theater.theater_id} className={styles.item}>
            <div className={styles.text}>
              <span className={styles.name}>{theater.theater_name}</span>
              <span>
                <strong>{formatPercent(theater.occupancy)}</strong>
                <span className={styles.detail}>
                  {` · ${formatCount(theater.tickets_sold)} of ${plural(theater.capacity, 'seat')}`}
                </span>
              </span>
            </div>
            <div className={styles.track} aria-hidden="true">
              <div className={styles.fill} style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
