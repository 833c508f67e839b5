import type { Sale } from '@cinema/api-client';
import { ApiError, errorMessage } from '@cinema/api-client';
import { ErrorState, Skeleton, VisuallyHidden } from '@cinema/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { useJoinLine, useLeaveLine, useLinePlace } from './api/line';
import { Admitted, LineOut, SoldOut, Waiting } from './LinePanels';
import { SalesCountdown } from './SalesCountdown';
import { formatWait } from './time';
import { useSecondsUntil } from './useSecondsUntil';

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
  const line = place.data;
  const turn =
    line?.status === 'admitted' && line.admitted_until
      ? `It is your turn: choose your seats within ${formatWait((Date.parse(line.admitted_until) - now()) / 1000)}.`
      : '';
  return (
    <>
      {/* One region for the whole visit, there before the turn comes, so the turn is said
          (the place is said by the waiting panel's own region). */}
      <VisuallyHidden>
        <span role="status">{turn}</span>
      </VisuallyHidden>
      <LineBody showId={showId} now={now} place={place}>
        {children}
      </LineBody>
    </>
  );
}

function LineBody({
  showId,
  now,
  place,
  children,
}: Omit<WaitingRoomProps, 'sale' | 'onSaleChange'> & {
  place: ReturnType<typeof useLinePlace>;
}) {
  const join = useJoinLine(showId);
  const leave = useLeaveLine(showId);
  const notInLine = place.error instanceof ApiError && place.error.code === 'not_in_line';
  // The first visit joins by itself; a return visit finds its place (joining is idempotent).
  const joined = useRef(false);
  useEffect(() => {
    if (notInLine && !joined.current) {
      joined.current = true;
      join.mutate();
    }
  }, [notInLine, join]);
  // The status shown last: a turn that comes while the customer waits here may take the focus.
  const shownStatus = useRef<string | undefined>(undefined);
  const status = place.data?.status;
  useEffect(() => {
    shownStatus.current = status;
  }, [status]);

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
        <Admitted
          until={line.admitted_until}
          now={now}
          onEnd={() => void place.refetch()}
          fromWaiting={shownStatus.current === 'waiting'}
        />
        {children(line.admission_token)}
      </>
    );
  }
  if (line.sold_out) return <SoldOut showId={showId} />;
  if (line.status === 'expired' || line.status === 'left') {
    return (
      <LineOut
        status={line.status}
        // Focus follows only the customer's own press of 'Leave the line': its button is gone.
        takeFocus={leave.isSuccess}
        joining={join.isPending}
        onJoin={() => {
          leave.reset();
          join.mutate();
        }}
      />
    );
  }
  return (
    <Waiting
      line={line}
      now={now}
      onOpen={() => void place.refetch()}
      leaving={leave.isPending}
      onLeave={() =>
        leave.mutate(undefined, {
          onError: (error) => {
            toast.error(errorMessage(error, 'Could not leave the line.'));
          },
        })
      }
    />
  );
}
