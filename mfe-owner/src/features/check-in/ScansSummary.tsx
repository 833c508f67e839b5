import { failureMessage, Table } from '@cinema/ui';
import { useId } from 'react';
import type { ScansSummary as Summary } from './api/doorTypes';
import { useScans } from './api/getScans';
import styles from './CheckInPage.module.css';
import { clockTime } from './verdict';

type DeviceRow = Summary['devices'][number];
type DuplicateRow = Summary['duplicates'][number];

const DEVICE_COLUMNS = [
  { id: 'name', header: 'Device', cell: (row: DeviceRow) => row.device_name },
  { id: 'admitted', header: 'Admitted', align: 'end', cell: (row: DeviceRow) => row.admitted },
  {
    id: 'duplicates',
    header: 'Duplicates',
    align: 'end',
    cell: (row: DeviceRow) => row.duplicates,
  },
  {
    id: 'last',
    header: 'Last scan',
    cell: (row: DeviceRow) => (row.last_scan_at ? clockTime(row.last_scan_at) : '—'),
  },
] as const;

/** 'Door 2 at 18:05'; a scan made before devices had names (online, by the owner) has none. */
const where = (scan: DuplicateRow['first']) =>
  `${scan.device_name ?? 'a device without a name'} at ${clockTime(scan.at)}`;

/** 'Seat C7: first on Door 1 at 18:02, again on Door 2 at 18:05.' */
export function duplicateText(row: DuplicateRow): string {
  return `Seat ${row.seat_label}: first on ${where(row.first)}, again on ${where(row.again)}.`;
}

/**
 * The show's scans as the server merged them from every device (GET .../scans/): how many each
 * device admitted, and every ticket shown twice. Offline it keeps the last answer.
 */
export function ScansSummary({ showId }: { showId: number }) {
  const scans = useScans(showId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.summary}>
      <h2 id={headingId} className={styles.summaryHeading}>
        Scans by device
      </h2>
      {scans.data ? (
        <>
          <p className={styles.note}>
            Inside now: {scans.data.counts.inside} · admitted: {scans.data.counts.checked_in} of{' '}
            {scans.data.counts.sold} sold.
          </p>
          <Table
            caption="Scans by device"
            captionHidden
            columns={DEVICE_COLUMNS}
            rows={scans.data.devices}
            rowKey={(row) => row.device_id}
            emptyMessage="No scans yet."
          />
          {scans.data.duplicates.length > 0 && (
            <div className={styles.duplicates}>
              <h3 className={styles.duplicatesHeading}>
                <span aria-hidden="true">⚠ </span>Shown twice
              </h3>
              <ul>
                {scans.data.duplicates.map((row) => (
                  <li key={`${row.seat_label}-${row.again.at}`}>{duplicateText(row)}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <p className={styles.note}>
          {scans.isError
            ? failureMessage(scans.error, 'The scans of this show could not be loaded.')
            : scans.fetchStatus === 'paused'
              ? 'Shown when the device is online.'
              : 'Loading the scans...'}
        </p>
      )}
    </section>
  );
}
