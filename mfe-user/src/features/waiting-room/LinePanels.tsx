import type { LinePlace } from '@cinema/api-client';
import { Button, cx, surfaceClassName } from '@cinema/ui';
import { useEffect, useRef } from 'react';
import styles from './SaleGate.module.css';
import { formatClock, formatWait } from './time';
import { useSecondsUntil } from './useSecondsUntil';
import { WaitlistPanel } from './WaitlistPanel';

// The panels of a customer's visit to the waiting line (WaitingRoom.tsx picks one by the line's
// answer; docs/decisions/0031-on-sale-waiting-room.md).

export function LineOut({
  status,
  takeFocus,
  joining,
  onJoin,
}: {
  status: 'expired' | 'left';
  takeFocus: boolean;
  joining: boolean;
  onJoin: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <section aria-labelledby="line-out" className={cx(surfaceClassName, styles.panel)}>
      <h2 id="line-out" ref={heading} tabIndex={-1} className={styles.heading}>
        {status === 'expired' ? 'Your time to choose seats has ended' : 'You left the line'}
      </h2>
      <p>Join the line again to get a new turn. You will be placed at the back.</p>
      <Button onClick={onJoin} busy={joining} busyLabel="Joining...">
        Join the line again
      </Button>
    </section>
  );
}

/** Every seat is booked: the line admits nobody more (the page stops polling: api/line.ts), so
 * waiting, a lapsed turn or rejoining lead nowhere; the waitlist below is the way in. */
export function SoldOut({ showId }: { showId: number }) {
  return (
    <>
      <section aria-labelledby="line-sold-out" className={cx(surfaceClassName, styles.panel)}>
        <h2 id="line-sold-out" className={styles.heading}>
          Sold out
        </h2>
        <p role="status">Every seat has been booked, so the waiting line lets nobody else in.</p>
      </section>
      <WaitlistPanel showId={showId} soldOut />
    </>
  );
}

export function Waiting({
  line,
  now,
  onOpen,
  leaving,
  onLeave,
}: {
  line: LinePlace;
  now: () => number;
  onOpen: () => void;
  leaving: boolean;
  onLeave: () => void;
}) {
  // From the line's answer, not the sale's: an opening the owner moved shows at the next poll.
  const opensAt = line.sales_open_at;
  const beforeOpening = opensAt !== null && Date.parse(opensAt) > now();
  const wait =
    line.estimated_wait_seconds === null
      ? 'We will let you in as seats free up.'
      : `Estimated wait: about ${formatWait(line.estimated_wait_seconds)}.`;
  return (
    <section aria-labelledby="line-heading" className={cx(surfaceClassName, styles.panel)}>
      <h2 id="line-heading" className={styles.heading}>
        You are in the waiting line
      </h2>
      {/* Said politely whenever the place changes, without moving the focus. */}
      <p aria-live="polite" aria-atomic="true" className={styles.place}>
        Your place in line: <strong>{line.place}</strong>
      </p>
      <p>{wait}</p>
      {beforeOpening && <OpeningClock opensAt={opensAt} now={now} onOpen={onOpen} />}
      <p className={styles.caption}>
        Keep this page open, or come back later: your place is kept. When it is your turn the seat
        map opens here.
      </p>
      <div>
        <Button variant="secondary" onClick={onLeave} busy={leaving} busyLabel="Leaving...">
          Leave the line
        </Button>
      </div>
    </section>
  );
}

/** Before the opening a customer in line still sees when it comes (the countdown);
 * a timer is not live, so only the place is announced. */
function OpeningClock({
  opensAt,
  now,
  onOpen,
}: {
  opensAt: string;
  now: () => number;
  onOpen: () => void;
}) {
  const seconds = useSecondsUntil(opensAt, now, onOpen);
  return (
    <p className={styles.clock}>
      <span className={styles.caption}>Sales open in</span>{' '}
      <span role="timer" aria-live="off">
        {formatClock(seconds)}
      </span>
    </p>
  );
}

export function Admitted({
  until,
  now,
  onEnd,
  fromWaiting,
}: {
  until: string;
  now: () => number;
  onEnd: () => void;
  fromWaiting: boolean;
}) {
  const seconds = useSecondsUntil(until, now, onEnd);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (fromWaiting && lost) notice.current?.focus();
  }, [fromWaiting]);
  return (
    <p ref={notice} tabIndex={-1} className={cx(surfaceClassName, styles.turn)}>
      It is your turn. Choose your seats within <span>{formatClock(seconds)}</span>.
    </p>
  );
}
