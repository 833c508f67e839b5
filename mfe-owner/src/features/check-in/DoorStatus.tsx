import { Button, plural, StatusBadge, TextField } from '@cinema/ui';
import { useState } from 'react';
import styles from './CheckInPage.module.css';
import { cleanDeviceName, DEVICE_NAME_MAX, type Device } from './device';

export interface DoorStatusProps {
  online: boolean;
  /** Scans decided here that the server has not taken yet; null while unknown. */
  waiting: number | null;
  syncing: boolean;
  /** Why the last sync was refused as a whole, if it was. */
  failure: string | null;
  onSyncNow: () => void;
  device: Device;
  onRename: (name: string) => void;
}

/**
 * Online or offline, and how many scans wait to sync, said politely whenever it changes; the
 * device's name, which the owner sees beside each of its scans.
 */
export function DoorStatus(props: DoorStatusProps) {
  const { online, waiting, syncing, failure } = props;
  const [name, setName] = useState(props.device.name);
  const nameError =
    cleanDeviceName(name) === null
      ? `Give this device a name of 1 to ${DEVICE_NAME_MAX} characters.`
      : undefined;
  const queue =
    waiting === null
      ? ''
      : waiting === 0
        ? 'All scans synced.'
        : `${plural(waiting, 'scan')} waiting to sync.`;
  return (
    <section className={styles.status} aria-label="Connection">
      <div role="status" aria-live="polite" className={styles.statusLine}>
        {online ? (
          <StatusBadge tone="positive" mark="●">
            Online
          </StatusBadge>
        ) : (
          <StatusBadge tone="muted" mark="○">
            Offline
          </StatusBadge>
        )}
        <span>
          {online ? '' : 'Tickets are checked on this device. '}
          {queue}
          {syncing ? ' Syncing...' : ''}
        </span>
        {failure && <span className={styles.failure}>Sync failed: {failure}</span>}
      </div>
      {online && waiting !== null && waiting > 0 && (
        <Button
          variant="secondary"
          size="small"
          busy={syncing}
          busyLabel="Syncing..."
          onClick={props.onSyncNow}
        >
          Sync now
        </Button>
      )}
      <TextField
        label="Device name"
        value={name}
        maxLength={DEVICE_NAME_MAX}
        error={nameError}
        hint={nameError ? undefined : 'Shown to the owner beside every scan of this device.'}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          const clean = cleanDeviceName(event.target.value);
          if (clean !== null) props.onRename(clean);
        }}
      />
    </section>
  );
}
