import { ApiError } from '@cinema/api-client';
import { Button, formatTime, SelectField, TextField } from '@cinema/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CheckInShow, ScanKind } from './api/doorTypes';
import { CameraScanner } from './CameraScanner';
import styles from './CheckInPage.module.css';
import { DoorStatus } from './DoorStatus';
import { loadDevice, saveDevice } from './device';
import {
  useInsideCount,
  useOfflineData,
  useQueuedCount,
  useRefreshDevice,
} from './offline/queries';
import { ScansSummary } from './ScansSummary';
import { useConnection } from './useConnection';
import { useDoorScan } from './useDoorScan';
import { useSync } from './useSync';
import { VerdictPanel } from './VerdictPanel';
import type { Verdict } from './verdict';

/** A camera sees the same QR code many times a second: the same code again within this is one scan. */
export const REPEAT_SCAN_MS = 4000;

/** '18:00 · Jawan · PVR Phoenix' */
function showLabel(show: CheckInShow): string {
  return `${formatTime(show.start_time)} · ${show.movie_name} · ${show.theater_name}`;
}

/** The show to open with: the first not over yet (soonest first), else the last of the day. */
function defaultShow(shows: CheckInShow[], now: number): CheckInShow | undefined {
  return shows.find((show) => Date.parse(show.ends_at) > now) ?? shows.at(-1);
}

/**
 * The door of one show at a time: scans (camera, a hardware scanner typing into the field, or a
 * typed code) decided by the API while it can be reached and by the device alone when not
 * (docs/decisions/0043-offline-first-door-scanner.md), entry or exit.
 */
export function Door({ shows }: { shows: CheckInShow[] }) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('show'));
  const show = shows.find((s) => s.id === asked) ?? defaultShow(shows, Date.now());
  if (!show) return null;
  return (
    <ShowDoor
      key={show.id}
      show={show}
      shows={shows}
      onPick={(id) => setParams({ show: String(id) }, { replace: true })}
    />
  );
}

function ShowDoor({
  show,
  shows,
  onPick,
}: {
  show: CheckInShow;
  shows: CheckInShow[];
  onPick: (id: number) => void;
}) {
  const [device, setDevice] = useState(loadDevice);
  const connection = useConnection();
  const refreshDevice = useRefreshDevice();
  const offlineData = useOfflineData(show.id);
  const queued = useQueuedCount();
  const inside = useInsideCount(show.id);
  const sync = useSync({
    device,
    browserOnline: connection.browserOnline,
    reportFailure: connection.reportFailure,
    reportSuccess: connection.reportSuccess,
    onSynced: () => {
      void refreshDevice();
      void offlineData.refetch();
    },
  });
  const door = useDoorScan({
    showId: show.id,
    device,
    isOnline: connection.isOnline,
    reportFailure: connection.reportFailure,
    reportSuccess: connection.reportSuccess,
    onQueued: () => {
      if (connection.browserOnline) void sync.sync();
    },
  });
  const [kind, setKind] = useState<ScanKind>('entry');
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const lastScan = useRef<{ code: string; at: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const modeId = useId();

  // The download doubles as a probe: through, the API is reachable; not, it is not.
  const { reportFailure, reportSuccess } = connection;
  useEffect(() => {
    if (offlineData.isSuccess && offlineData.fetchStatus === 'idle') reportSuccess();
  }, [offlineData.isSuccess, offlineData.fetchStatus, reportSuccess]);
  useEffect(() => {
    const error = offlineData.error;
    if (error instanceof ApiError && error.status === 0) reportFailure();
  }, [offlineData.error, reportFailure]);

  const submit = (raw: string) => {
    if (raw.trim() === '') return;
    void door.scan(raw, kind).then(setVerdict);
  };

  const onScan = (scanned: string) => {
    const now = Date.now();
    const last = lastScan.current;
    if (last && last.code === scanned && now - last.at < REPEAT_SCAN_MS) return;
    lastScan.current = { code: scanned, at: now };
    submit(scanned);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(code);
    setCode('');
    input.current?.focus();
  };

  const opensLater = Date.parse(show.opens_at) > Date.now();
  // Offline, the device's own count: the server's is as old as the last answer.
  const admittedCount = connection.online
    ? show.checked_in
    : (inside.data?.inside ?? show.checked_in);
  return (
    <div className={styles.door}>
      <SelectField
        label="Show"
        value={show.id}
        options={shows.map((s) => ({ value: s.id, label: showLabel(s) }))}
        hint={opensLater ? `Check-in opens at ${formatTime(show.opens_time)}.` : undefined}
        onChange={(event) => onPick(Number(event.target.value))}
      />
      <p className={styles.count} aria-live="polite">
        Admitted <strong>{admittedCount}</strong> / {show.sold} sold
      </p>
      <DoorStatus
        online={connection.online}
        waiting={queued.data ?? null}
        syncing={sync.syncing}
        failure={sync.failure}
        onSyncNow={() => void sync.sync()}
        device={device}
        onRename={(name) => {
          const next = { ...device, name };
          saveDevice(next);
          setDevice(next);
        }}
      />
      {offlineData.isError && !offlineData.data && (
        <p className={styles.note}>
          This show’s tickets could not be downloaded yet: offline, only tickets downloaded earlier
          can be checked.
        </p>
      )}

      <fieldset className={styles.mode}>
        <legend id={modeId}>Scanning</legend>
        {(['entry', 'exit'] as const).map((value) => (
          <label key={value} className={styles.modeOption}>
            <input
              type="radio"
              name={`${modeId}-mode`}
              value={value}
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setVerdict(null);
              }}
            />
            {value === 'entry' ? 'Entry' : 'Exit (leaving for a while)'}
          </label>
        ))}
      </fieldset>

      <form
        className={styles.entry}
        onSubmit={onSubmit}
        aria-label={kind === 'entry' ? 'Check in a ticket' : 'Check out a ticket'}
      >
        <TextField
          ref={input}
          label="Ticket code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={400}
          hint="Type the code under the ticket's QR code, or scan it."
        />
        {/* Never disabled: a hardware scanner types the next code while this one is checked. */}
        <Button type="submit">{kind === 'entry' ? 'Check in' : 'Check out'}</Button>
      </form>

      <CameraScanner onCode={onScan} />

      <div role="status" aria-live="assertive" aria-label="Verdict" className={styles.verdictSlot}>
        {verdict && <VerdictPanel verdict={verdict} />}
      </div>

      {sync.alerts.length > 0 && (
        <div role="alert" className={styles.alerts}>
          <p className={styles.alertsHeading}>
            <span aria-hidden="true">⚠ </span>The server found problems with scans made offline
          </p>
          <ul>
            {sync.alerts.map((alert) => (
              <li key={alert.id}>{alert.text}</li>
            ))}
          </ul>
          <Button variant="secondary" size="small" onClick={sync.dismissAlerts}>
            Dismiss
          </Button>
        </div>
      )}

      <ScansSummary showId={show.id} />
    </div>
  );
}
