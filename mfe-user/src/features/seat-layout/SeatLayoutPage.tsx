import {
  Button,
  buttonClassName,
  cx,
  EmptyState,
  ErrorState,
  FIRST_SCREEN_TEXTS,
  formatRupees,
  Page,
  Skeleton,
  surfaceClassName,
  TextField,
  useNavigationId,
  usePublishedHeight,
  VisuallyHidden,
} from '@cinema/ui';
import { type ReactNode, useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useShallow } from 'zustand/react/shallow';
import { ShowSummary } from '../../components/ShowSummary';
import { useFollowHoldChanges } from '../../lib/holdChannel';
import {
  canPick,
  isHeldBack,
  type MapSeat,
  type PickRules,
  releaseDate,
  seatCategories,
  selectionTotal,
} from '../../lib/seat-selection/seatLayout';
import { selectionFor, useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import {
  MAX_TICKETS,
  MIN_TICKETS,
  parseTicketCount,
  TICKET_COUNT_MESSAGE,
} from '../../lib/seat-selection/selection';
import { useShow } from '../../lib/showQuery';
import { useMyHold } from './api/getMyHold';
import { useSeats } from './api/getSeats';
import { BestAvailable } from './BestAvailable';
import { seatTakenMessage, takenSeats } from './liveSeats';
import { MyHoldNotice } from './MyHoldNotice';
import styles from './SeatLayoutPage.module.css';
import { SeatLegend } from './SeatLegend';
import { SeatList } from './SeatList';
import { SeatMap } from './SeatMap';
import { type SeatView, useSeatView } from './seatView';
import { useClock } from './useClock';
import { useLiveSeats } from './useLiveSeats';
import { useProceedToPay } from './useProceedToPay';

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
    <Page title={FIRST_SCREEN_TEXTS.seatMap.title}>
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

const NO_SEATS: readonly MapSeat[] = [];

const VIEWS: readonly { view: SeatView; label: string }[] = [
  { view: 'map', label: 'Seat map' },
  { view: 'list', label: 'List' },
];

function SeatPicker({ showId, admissionToken }: { showId: number; admissionToken: string | null }) {
  // Seat events keep the map current; it polls only while they are down.
  const { live, announcement } = useLiveSeats(showId);
  const seats = useSeats(showId, { poll: !live });
  const [payBar, setPayBar] = useState<HTMLDivElement | null>(null);
  usePublishedHeight(payBar, '--cinema-sticky-bottom-height');
  const { countInput, selectedIds } = useSeatSelectionStore(
    useShallow((state) => selectionFor(state, showId)),
  );
  const { setCount, toggle, drop, prune, choose } = useSeatSelectionStore(
    useShallow(({ setCount, toggle, drop, prune, choose }) => ({
      setCount,
      toggle,
      drop,
      prune,
      choose,
    })),
  );
  const count = parseTicketCount(countInput);
  const mapHeadingId = useId();
  const [view, setView] = useSeatView();
  const [accessible, setAccessible] = useState(false);
  // Seats under the caller's own hold mean a hold placed elsewhere (another tab): find it.
  const holdsSome = seats.data?.some((seat) => seat.status === 'my_hold') ?? false;
  const myHold = useMyHold(showId, holdsSome);
  const show = useShow(showId);
  useFollowHoldChanges();

  const seatList = seats.data ?? NO_SEATS;
  const accessibleReleaseAt = releaseDate(show.data?.accessible_release_at);
  const now = useClock(accessibleReleaseAt);
  const rules: PickRules = { now, accessibleReleaseAt, accessible };
  const pay = useProceedToPay({
    showId,
    admissionToken,
    seats: seatList,
    count,
    selectedIds,
    rules,
    refetchSeats: () => void seats.refetch(),
  });

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

  // The show, the seats and (when some seats are the caller's own) their hold arrive together in
  // one paint: parts of the screen appearing one by one would push the others down as the
  // customer reaches for them. That first render of the whole map is deferred, so React renders
  // it in slices between which the phone can answer a tap, not in one long task.
  const arrived = !(show.isPending || seats.isPending || (holdsSome && myHold.isPending));
  const shown = useDeferredValue(arrived);
  if (!arrived || !shown) {
    return <Skeleton lines={10} label={FIRST_SCREEN_TEXTS.seatMap.busy} />;
  }

  const categories = seatCategories(seatList);
  const kinds = new Set(seatList.map((seat) => seat.kind));
  const heldBack = seatList.some((seat) => isHeldBack(seat, { ...rules, accessible: false }));
  const selectedLabels = selectedIds
    .map((id) => seatList.find((seat) => seat.id === id)?.label)
    .filter((label) => label !== undefined);
  const onToggle = (seat: MapSeat) => {
    if (selectedIds.includes(seat.id) || canPick(seat, rules)) toggle(showId, seat);
  };

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
        {heldBack && (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={accessible}
              onChange={(event) => {
                setAccessible(event.target.checked);
                // Without the need said, the wheelchair spaces picked are let go.
                if (!event.target.checked) {
                  const spaces = seatList.filter((seat) => isHeldBack(seat, rules));
                  drop(
                    showId,
                    spaces.map((seat) => seat.id),
                  );
                }
              }}
            />
            I need a wheelchair space
          </label>
        )}
        <BestAvailable
          seats={seatList}
          categories={categories}
          count={count}
          rules={rules}
          onChoose={(ids) => choose(showId, ids)}
          onInvalidCount={() =>
            toast.error(TICKET_COUNT_MESSAGE, { toastId: TICKET_COUNT_MESSAGE })
          }
        />
      </div>

      {/* Before the map in reading order; on a phone shown after it, so seats are on the first
          screen (SeatLayoutPage.module.css). */}
      <div className={cx(surfaceClassName, styles.legend)}>
        <SeatLegend categories={categories} kinds={kinds} />
      </div>

      <section aria-labelledby={mapHeadingId} className={cx(surfaceClassName, styles.mapSection)}>
        <div className={styles.mapHead}>
          <h2 id={mapHeadingId} className={styles.heading}>
            Seats
          </h2>
          <fieldset className={styles.views}>
            <legend>
              <VisuallyHidden>Show seats as</VisuallyHidden>
            </legend>
            {VIEWS.map((option) => (
              <Button
                key={option.view}
                size="small"
                variant={view === option.view ? 'primary' : 'secondary'}
                aria-pressed={view === option.view}
                onClick={() => setView(option.view)}
              >
                {option.label}
              </Button>
            ))}
          </fieldset>
        </div>
        {seats.isError && !seats.data && (
          <ErrorState message="Failed to load seats" onRetry={() => void seats.refetch()} />
        )}
        {seats.data &&
          (seats.data.length === 0 ? (
            <EmptyState message="This show has no seats." />
          ) : view === 'list' ? (
            <SeatList
              seats={seatList}
              selectedIds={selectedIds}
              rules={rules}
              onToggle={onToggle}
            />
          ) : (
            <SeatMap
              seats={seatList}
              selectedIds={selectedIds}
              rules={rules}
              categories={categories.map((category) => category.name)}
              onToggle={onToggle}
            />
          ))}
        {/* Seats other customers take or free are said politely, without moving the focus. */}
        <VisuallyHidden>
          <span role="status">{announcement}</span>
        </VisuallyHidden>
      </section>

      {/* Stuck to the bottom of the screen while the map scrolls: the selection, the total and
          'Proceed to Pay' always in reach. In the page's flow, so at the end it covers no seat. */}
      <div ref={setPayBar} className={cx(surfaceClassName, styles.summary)}>
        <p aria-live="polite" className={styles.selection}>
          {selectedLabels.length === 0
            ? 'No seats selected.'
            : `Selected seats: ${selectedLabels.join(', ')}`}
        </p>
        <p className={styles.total}>
          Total: <strong>{formatRupees(selectionTotal(seatList, selectedIds))}</strong>
        </p>
        {pay.problem && (
          <p role="alert" className={styles.problem}>
            {pay.problem}
          </p>
        )}
        <Button
          onClick={() => void pay.proceed()}
          busy={pay.busy}
          busyLabel="Processing..."
          disabled={!seats.data}
        >
          Proceed to Pay
        </Button>
      </div>
    </div>
  );
}
