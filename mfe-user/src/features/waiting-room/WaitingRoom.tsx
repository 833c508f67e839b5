import type { LinePlace, Sale } from '@cinema/api-client';
import { ApiError, errorMessage } from '@cinema/api-client';
import { Button, cx, ErrorState, Skeleton, surfaceClassName } from '@cinema/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { useJoinLine, useLinePlace } from './api/line';
import styles from './SaleGate.module.css';
import { SalesCountdown } from './SalesCountdown';
import { formatClock, formatWait } from './time';
import { useSecondsUntil } from './useSecondsUntil';
import { WaitlistPanel } from './WaitlistPanel';

interface WaitingRoomProps {
  showId: number;
  sale: Sale;
  now: () => number;
  onSaleChange: () => void;
  children: (admissionToken: string | null) => ReactNode;
}

/** A high-demand show: the line's countdown until it opens, then the customer's place in it. */
export function WaitingRoom({ showId, sale, now, onSaleChange, children }: WaitingRoomProps) {
  if (sale.line_opens_at && Date.parse(sale.line_opens_at) > now()) {
    return (
      <SalesCountdown sale={sale} now={now} onOpen={onSaleChange}>
        <LineOpensNote opensAt={sale.line_opens_at} now={now} onOpen={onSaleChange} />
      </SalesCountdown>
    );
  }
  return (
    <Line showId={showId} now={now}>
      {children}
    </Line>
  );
}

function LineOpensNote({
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
    <p>
      This show is in high demand. The waiting line opens in {formatWait(seconds)}; everyone who
      joins before sales open gets a place in random order, so there is no need to refresh.
    </p>
  );
}

function Line({ showId, now, children }: Omit<WaitingRoomProps, 'sale' | 'onSaleChange'>) {
  const place = useLinePlace(showId);
  const join = useJoinLine(showId);
  const notInLine = place.error instanceof ApiError && place.error.code === 'not_in_line';
  // The first visit joins by itself; a return visit finds its place (joining is idempotent).
  const joined = useRef(false);
  useEffect(() => {
    if (notInLine && !joined.current) {
      joined.current = true;
      join.mutate();
    }
  }, [notInLine, join]);

  if (join.isError) {
    return (
      <ErrorState
        message={errorMessage(join.error, 'Could not join the line.')}
        onRetry={() => join.mutate()}
      />
    );
  }
  if (!place.data) {
    if (place.isError && !notInLine) {
      return (
        <ErrorState
          message="Could not load your place in line."
          onRetry={() => void place.refetch()}
        />
      );
    }
    return <Skeleton lines={3} label="Joining the line..." />;
  }
  const line = place.data;
  if (line.status === 'admitted' && line.admission_token && line.admitted_until) {
    return (
      <>
        <Admitted until={line.admitted_until} now={now} onEnd={() => void place.refetch()} />
        {children(line.admission_token)}
      </>
    );
  }
  if (line.sold_out) return <SoldOut showId={showId} />;
  if (line.status === 'expired' || line.status === 'left') {
    return (
      <section aria-labelledby="line-out" className={cx(surfaceClassName, styles.panel)}>
        <h2 id="line-out" className={styles.heading}>
          {line.status === 'expired' ? 'Your time to choose seats has ended' : 'You left the line'}
        </h2>
        <p>Join the line again to get a new turn. You will be placed at the back.</p>
        <Button onClick={() => join.mutate()} busy={join.isPending} busyLabel="Joining...">
          Join the line again
        </Button>
      </section>
    );
  }
  return <Waiting line={line} />;
}

/** Every seat is booked: the line admits nobody more (the page stops polling: api/line.ts), so
 * waiting, a lapsed turn or rejoining lead nowhere; the waitlist below is the way in. */
function SoldOut({ showId }: { showId: number }) {
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

function Waiting({ line }: { line: LinePlace }) {
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
      <p className={styles.caption}>
        Keep this page open, or come back later: your place is kept. When it is your turn the seat
        map opens here.
      </p>
    </section>
  );
}

function Admitted({ until, now, onEnd }: { until: string; now: () => number; onEnd: () => void }) {
  const seconds = useSecondsUntil(until, now, onEnd);
  return (
    <p className={cx(surfaceClassName, styles.turn)}>
      It is your turn. Choose your seats within <span>{formatClock(seconds)}</span>.
    </p>
  );
}
