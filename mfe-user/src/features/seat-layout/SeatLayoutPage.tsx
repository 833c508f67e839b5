import type { Seat } from '@cinema/api-client';
import { ApiError, errorMessage } from '@cinema/api-client';
import {
  Button,
  buttonClassName,
  cx,
  EmptyState,
  ErrorState,
  formatRupees,
  Page,
  Skeleton,
  surfaceClassName,
  TextField,
  useNavigationId,
  VisuallyHidden,
  withQuery,
} from '@cinema/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useShallow } from 'zustand/react/shallow';
import { ShowSummary } from '../../components/ShowSummary';
import { useFollowHoldChanges } from '../../lib/holdChannel';
import { seatsTotal } from '../../lib/money';
import { lineQueryKey } from '../../lib/queryKeys';
import { selectionFor, useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import {
  idsForLabels,
  MAX_TICKETS,
  MIN_TICKETS,
  parseTicketCount,
  TICKET_COUNT_MESSAGE,
} from '../../lib/seat-selection/selection';
import { useShow } from '../../lib/showQuery';
import { useCreateHold } from './api/createHold';
import { useMyHold } from './api/getMyHold';
import { useSeats } from './api/getSeats';
import { seatTakenMessage, takenSeats } from './liveSeats';
import { MyHoldNotice } from './MyHoldNotice';
import styles from './SeatLayoutPage.module.css';
import { SeatLegend } from './SeatLegend';
import { SeatMap } from './SeatMap';
import { useLiveSeats } from './useLiveSeats';

export interface SeatLayoutPageProps {
  /**
   * What stands before the seat map (pages/seat-layout: the sale's countdown and waiting line),
   * given the picker to render with the admission token its holds send; none: the map at once.
   */
  gate?: (showId: number, picker: (admissionToken: string | null) => ReactNode) => ReactNode;
}

export function SeatLayoutPage({ gate }: SeatLayoutPageProps = {}) {
  const showId = useNavigationId('showId', 'show');
  return (
    <Page title="Select Seats">
      {showId === null ? (
        <EmptyState message="Choose a show first to see its seats.">
          <Link to="/user/shows" className={buttonClassName()}>
            Go to Shows
          </Link>
        </EmptyState>
      ) : gate ? (
        gate(showId, (admissionToken) => (
          <SeatPicker showId={showId} admissionToken={admissionToken} />
        ))
      ) : (
        <SeatPicker showId={showId} admissionToken={null} />
      )}
    </Page>
  );
}

/** The labels the server says are taken, from a 409 `{seats: ['A1', 'A2']}`. */
function takenLabels(error: ApiError): string[] {
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('seats' in body)) return [];
  const { seats } = body as { seats: unknown };
  return Array.isArray(seats) ? seats.filter((seat) => typeof seat === 'string') : [];
}

function SeatPicker({ showId, admissionToken }: { showId: number; admissionToken: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Seat events keep the map current; it polls only while they are down.
  const { live, announcement } = useLiveSeats(showId);
  const seats = useSeats(showId, { poll: !live });
  const createHold = useCreateHold();
  const { countInput, selectedIds } = useSeatSelectionStore(
    useShallow((state) => selectionFor(state, showId)),
  );
  const { setCount, toggle, drop, prune } = useSeatSelectionStore(
    useShallow(({ setCount, toggle, drop, prune }) => ({ setCount, toggle, drop, prune })),
  );
  const count = parseTicketCount(countInput);
  const mapHeadingId = useId();
  // Seats under the caller's own hold mean a hold placed elsewhere (another tab): find it.
  const holdsSome = seats.data?.some((seat) => seat.status === 'my_hold') ?? false;
  const myHold = useMyHold(showId, holdsSome);
  const show = useShow(showId);
  useFollowHoldChanges();

  // Someone else took a picked seat since the last look: it is no longer picked, and the
  // customer hears which before they press 'Proceed to Pay'.
  useEffect(() => {
    if (!seats.data) return;
    const { selectedIds: picked } = selectionFor(useSeatSelectionStore.getState(), showId);
    for (const seat of takenSeats(seats.data, picked)) {
      const message = seatTakenMessage(seat.label);
      toast.warning(message, { toastId: message });
    }
    prune(showId, seats.data);
  }, [seats.data, prune, showId]);

  const seatList: readonly Seat[] = seats.data ?? [];
  const selectedLabels = selectedIds
    .map((id) => seatList.find((seat) => seat.id === id)?.label)
    .filter((label) => label !== undefined);

  async function proceedToPay() {
    if (count === null) {
      toast.error(TICKET_COUNT_MESSAGE, { toastId: TICKET_COUNT_MESSAGE });
      return;
    }
    if (selectedIds.length !== count) {
      const message = `Please select exactly ${count} seats.`;
      toast.error(message, { toastId: message });
      return;
    }
    try {
      const hold = await createHold.mutateAsync({
        show_id: showId,
        seat_ids: selectedIds,
        // A high-demand show's turn from the waiting line (docs/decisions/0031-on-sale-waiting-room.md).
        ...(admissionToken ? { admission_token: admissionToken } : {}),
      });
      navigate(withQuery('/user/payment', { hold: hold.id }), {
        state: { holdId: hold.id, showId },
      });
    } catch (error) {
      // The server's detail is written for the person: which seats someone else has, which of
      // theirs must rest, or which per-customer limit (seats of a show, shows held at once,
      // holds a minute) stopped them. One toast per message, however often they click.
      if (error instanceof ApiError && error.status === 409) {
        const message = errorMessage(error, 'Some seats are no longer available.');
        toast.error(message, { toastId: message });
        // Seats named in the answer cannot be held now: they leave the selection. A limit
        // names none, and the selection stays for the customer to change.
        drop(showId, idsForLabels(seatList, takenLabels(error)));
        void seats.refetch();
        return;
      }
      if (
        error instanceof ApiError &&
        error.status === 403 &&
        error.code?.startsWith('admission')
      ) {
        // The turn ended (or never came): the waiting line above says what now.
        toast.error(errorMessage(error, 'Your time to choose seats has ended.'));
        void queryClient.invalidateQueries({ queryKey: lineQueryKey(showId) });
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        const message = errorMessage(
          error,
          'Too many attempts. Please wait a minute and try again.',
        );
        toast.error(message, { toastId: message });
        return;
      }
      toast.error(errorMessage(error, 'Booking failed!'));
    }
  }

  // The show, the seats and (when some seats are the caller's own) their hold arrive together in
  // one paint: parts of the screen appearing one by one would push the others down as the
  // customer reaches for them. That first render of the whole map is deferred, so React renders
  // it in slices between which the phone can answer a tap, not in one long task.
  const arrived = !(show.isPending || seats.isPending || (holdsSome && myHold.isPending));
  const shown = useDeferredValue(arrived);
  if (!arrived || !shown) {
    return <Skeleton lines={10} label="Loading seats..." />;
  }

  return (
    <div className={styles.layout}>
      <ShowSummary showId={showId} />

      {holdsSome && myHold.data && <MyHoldNotice hold={myHold.data} />}

      <div className={cx(surfaceClassName, styles.controls)}>
        <TextField
          label="Number of Tickets"
          type="number"
          inputMode="numeric"
          min={MIN_TICKETS}
          max={MAX_TICKETS}
          step={1}
          value={countInput}
          error={count === null ? TICKET_COUNT_MESSAGE : null}
          onChange={(event) => setCount(showId, event.target.value)}
          className={styles.count}
        />
        <SeatLegend />
      </div>

      <section aria-labelledby={mapHeadingId} className={cx(surfaceClassName, styles.mapSection)}>
        <h2 id={mapHeadingId} className={styles.heading}>
          Seats
        </h2>
        {seats.isError && !seats.data && (
          <ErrorState message="Failed to load seats" onRetry={() => void seats.refetch()} />
        )}
        {seats.data &&
          (seats.data.length === 0 ? (
            <EmptyState message="This show has no seats." />
          ) : (
            <SeatMap
              seats={seats.data}
              selectedIds={selectedIds}
              onToggle={(seat) => toggle(showId, seat)}
            />
          ))}
        {/* Seats other customers take or free are said politely, without moving the focus. */}
        <VisuallyHidden>
          <span role="status">{announcement}</span>
        </VisuallyHidden>
      </section>

      <div className={cx(surfaceClassName, styles.summary)}>
        <p aria-live="polite" className={styles.selection}>
          {selectedLabels.length === 0
            ? 'No seats selected.'
            : `Selected seats: ${selectedLabels.join(', ')}`}
        </p>
        <p className={styles.total}>
          Total: <strong>{formatRupees(seatsTotal(selectedIds.length))}</strong>
        </p>
        <Button
          onClick={() => void proceedToPay()}
          busy={createHold.isPending}
          busyLabel="Processing..."
          disabled={!seats.data}
        >
          Proceed to Pay
        </Button>
      </div>
    </div>
  );
}
