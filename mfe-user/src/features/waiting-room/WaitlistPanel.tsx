import { ApiError, errorMessage } from '@cinema/api-client';
import { Button, buttonClassName, cx, SelectField, surfaceClassName, withQuery } from '@cinema/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { showQueryOptions } from '../../lib/showQuery';
import { useWaitlistChange, useWaitlistEntry } from './api/waitlist';
import styles from './SaleGate.module.css';

const SEAT_CHOICES = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/**
 * A sold-out show's waitlist under its seat map (docs/decisions/0031-on-sale-waiting-room.md):
 * join it for 1 to 10 seats, see the place, and when seats are offered, a link to pay for them.
 */
export function WaitlistPanel({ showId, soldOut: known }: { showId: number; soldOut?: boolean }) {
  // The page has just read the show: a second mount does not ask again.
  const show = useQuery({ ...showQueryOptions(showId), staleTime: 10_000 });
  // A sold-out line knows it (GET onsale/{id}/line/ sold_out) before the show's figures do.
  const soldOut = known === true || show.data?.available_seats === 0;
  const entry = useWaitlistEntry(showId, soldOut);
  const { join, leave } = useWaitlistChange(showId);
  const [seats, setSeats] = useState('2');
  if (!soldOut) return null;
  const notOnIt = entry.error instanceof ApiError && entry.error.code === 'not_on_waitlist';
  const state = entry.data?.state;

  function joinNow() {
    join.mutate(Number(seats), {
      onError: (error) => toast.error(errorMessage(error, 'Could not join the waitlist.')),
    });
  }

  if (entry.data && state === 'offered' && entry.data.hold_id !== null) {
    const until = entry.data.offer_expires_at
      ? new Date(entry.data.offer_expires_at).toLocaleTimeString(undefined, { timeStyle: 'short' })
      : '';
    return (
      <section aria-label="Waitlist" className={cx(surfaceClassName, styles.panel)}>
        <p role="status" className={styles.heading}>
          Seats came free and are held for you until {until}.
        </p>
        <Link
          to={withQuery('/user/payment', { hold: entry.data.hold_id })}
          state={{ holdId: entry.data.hold_id, showId }}
          className={buttonClassName()}
        >
          Pay for the held seats
        </Link>
      </section>
    );
  }
  if (entry.data && state === 'waiting') {
    return (
      <section aria-label="Waitlist" className={cx(surfaceClassName, styles.panel)}>
        <p aria-live="polite" aria-atomic="true" className={styles.place}>
          Your place on the waitlist: <strong>{entry.data.place}</strong> (for {entry.data.seats}{' '}
          {entry.data.seats === 1 ? 'seat' : 'seats'})
        </p>
        <p className={styles.caption}>
          If seats come free they are held for you for 10 minutes, and we email you.
        </p>
        <Button
          variant="secondary"
          onClick={() => leave.mutate()}
          busy={leave.isPending}
          busyLabel="Leaving..."
        >
          Leave the waitlist
        </Button>
      </section>
    );
  }
  if (!notOnIt && !(entry.data && (state === 'passed' || state === 'left'))) return null;
  return (
    <section aria-label="Waitlist" className={cx(surfaceClassName, styles.panel)}>
      <p className={styles.heading}>
        {state === 'passed'
          ? 'The seats offered to you went to the next customer.'
          : 'This show is sold out.'}
      </p>
      <p>Join the waitlist: if seats come free, they are held for you.</p>
      <SelectField
        label="Seats wanted"
        value={seats}
        onChange={(event) => setSeats(event.target.value)}
        options={SEAT_CHOICES}
      />
      <Button onClick={joinNow} busy={join.isPending} busyLabel="Joining...">
        Join the waitlist
      </Button>
    </section>
  );
}
