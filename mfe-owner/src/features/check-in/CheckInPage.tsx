import {
  Button,
  buttonClassName,
  cx,
  EmptyState,
  ErrorState,
  failureMessage,
  formatTime,
  Page,
  SelectField,
  Skeleton,
  TextField,
} from '@cinema/ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCheckIn } from './api/checkInTicket';
import { type CheckInShow, useCheckInShows } from './api/getCheckInShows';
import { CameraScanner } from './CameraScanner';
import styles from './CheckInPage.module.css';
import { admitted, refused, type Verdict } from './verdict';

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
 * `/owner/checkin`: the door. Pick one of today's shows, then scan tickets with the camera or
 * type their codes; each answer is shown at once, green 'Admitted: seat C7 · demo_customer' or
 * red with the reason, with the running count admitted / sold.
 */
export function CheckInPage() {
  const shows = useCheckInShows();
  return (
    <Page title="Check-in" intro={<p>Admit ticket holders at the door of today’s shows.</p>}>
      {shows.isPending ? (
        <Skeleton lines={4} label="Loading today's shows..." />
      ) : shows.isError ? (
        <ErrorState
          message={failureMessage(shows.error, 'Today’s shows could not be loaded.')}
          error={shows.error}
          onRetry={() => void shows.refetch()}
        />
      ) : shows.data.length === 0 ? (
        <EmptyState message="No shows today in your theaters.">
          <Link to="/owner/add-show" className={buttonClassName({ variant: 'secondary' })}>
            Add Show
          </Link>
        </EmptyState>
      ) : (
        <Door shows={shows.data} />
      )}
    </Page>
  );
}

function Door({ shows }: { shows: CheckInShow[] }) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('show'));
  const show = shows.find((s) => s.id === asked) ?? defaultShow(shows, Date.now());
  const checkIn = useCheckIn();
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const lastScan = useRef<{ code: string; at: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (!show) return null;

  const submit = (raw: string) => {
    const typed = raw.trim();
    if (typed === '' || checkIn.isPending) return;
    checkIn.mutate(
      { code: typed, show_id: show.id },
      {
        onSuccess: (answer) => setVerdict(admitted(answer)),
        onError: (error) => setVerdict(refused(error)),
      },
    );
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
  return (
    <div className={styles.door}>
      <SelectField
        label="Show"
        value={show.id}
        options={shows.map((s) => ({ value: s.id, label: showLabel(s) }))}
        hint={opensLater ? `Check-in opens at ${formatTime(show.opens_time)}.` : undefined}
        onChange={(event) => {
          setVerdict(null);
          setParams({ show: event.target.value }, { replace: true });
        }}
      />
      <p className={styles.count} aria-live="polite">
        Admitted <strong>{show.checked_in}</strong> / {show.sold} sold
      </p>

      <form className={styles.entry} onSubmit={onSubmit} aria-label="Check in a ticket">
        <TextField
          ref={input}
          label="Ticket code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="go"
          hint="Type the code under the ticket's QR code, or scan it."
        />
        <Button type="submit" busy={checkIn.isPending} busyLabel="Checking...">
          Check in
        </Button>
      </form>

      <CameraScanner onCode={onScan} />

      <div role="status" aria-live="assertive" className={styles.verdictSlot}>
        {verdict && <VerdictPanel verdict={verdict} />}
      </div>
    </div>
  );
}

function VerdictPanel({ verdict }: { verdict: Verdict }) {
  const ok = verdict.kind === 'admitted';
  return (
    <div className={cx(styles.verdict, ok ? styles.admitted : styles.refused)}>
      <p className={styles.headline}>
        <span aria-hidden="true" className={styles.mark}>
          {ok ? '✓' : '✕'}
        </span>
        {verdict.headline}
      </p>
      {verdict.kind === 'refused' && <p className={styles.reason}>{verdict.reason}</p>}
      {verdict.detail && <p className={styles.detail}>{verdict.detail}</p>}
    </div>
  );
}
