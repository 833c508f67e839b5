import {
  Button,
  buttonClassName,
  cx,
  EmptyState,
  ErrorState,
  failureMessage,
  Page,
  Skeleton,
  surfaceClassName,
  useNavigationId,
  VisuallyHidden,
} from '@cinema/ui';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSeats } from './api/getSeats';
import styles from './SeatLayoutPage.module.css';
import { SeatLegend } from './SeatLegend';
import { SeatMap } from './SeatMap';
import { ShowSummary } from './ShowSummary';
import { isCheckedIn, isDuplicate, seatKind } from './seatKind';
import { layoutKinds, showCategories } from './seatPlace';
import { useLiveSeats } from './useLiveSeats';

/** Who booked which seat of one show (state `showId`, else `?show=`). Read-only. */
export function SeatLayoutPage() {
  const showId = useNavigationId('showId', 'show');
  return (
    <Page title="Seat Layout" intro={<BackButton />}>
      {showId === null ? (
        <EmptyState message="Choose a show to see its seats.">
          <Link to="/owner/shows" className={buttonClassName()}>
            Go to Shows
          </Link>
        </EmptyState>
      ) : (
        <div className={styles.layout}>
          <ShowSummary showId={showId} />
          <Seats showId={showId} />
        </div>
      )}
    </Page>
  );
}

/** Back where the owner came from; opened directly (no history here), to the shows. */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromHere = location.key !== 'default';
  return (
    <Button
      variant="secondary"
      size="small"
      onClick={() => (cameFromHere ? navigate(-1) : navigate('/owner/shows'))}
    >
      <span aria-hidden="true">← </span>Back
    </Button>
  );
}

function Seats({ showId }: { showId: number }) {
  // Seat events keep the map current; it polls only while they are down.
  const { live, announcement } = useLiveSeats(showId);
  const seats = useSeats(showId, { poll: !live });
  const headingId = useId();
  const booked = seats.data?.filter((seat) => seatKind(seat) === 'booked').length ?? 0;
  const held = seats.data?.some((seat) => seatKind(seat) === 'held') ?? false;
  const checkedIn = seats.data?.some(isCheckedIn) ?? false;
  const shownTwice = seats.data?.filter(isDuplicate) ?? [];
  // Blocked seats are drawn but never sold: they count in no total (decision 0045).
  const forSale = seats.data?.filter((seat) => seat.kind !== 'blocked').length ?? 0;
  const categories = showCategories(seats.data ?? []);
  const kinds = layoutKinds(seats.data ?? []);

  return (
    <section aria-labelledby={headingId} className={cx(surfaceClassName, styles.panel)}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          Seats
        </h2>
        {seats.data && seats.data.length > 0 && (
          <p className={styles.count}>
            {booked} of {forSale} booked
          </p>
        )}
      </div>
      <SeatLegend
        withHeld={held}
        withCheckedIn={checkedIn}
        withDuplicate={shownTwice.length > 0}
        categories={categories}
        kinds={kinds}
      />
      {shownTwice.length > 0 && (
        <p className={styles.duplicates}>
          <span aria-hidden="true">⚠ </span>
          Shown twice at the door: {shownTwice.map((seat) => seat.label).join(', ')}. The same
          ticket was scanned again while its holder was inside; see Check-in for the devices and
          times.
        </p>
      )}
      {seats.isPending && <Skeleton lines={6} label="Loading seats..." />}
      {seats.isError && (
        <ErrorState
          message={failureMessage(seats.error, 'Failed to load seats')}
          error={seats.error}
          onRetry={() => void seats.refetch()}
        />
      )}
      {seats.data &&
        (seats.data.length === 0 ? (
          <EmptyState message="This show has no seats." />
        ) : (
          <SeatMap seats={seats.data} categories={categories.map((category) => category.name)} />
        ))}
      {/* Bookings and holds as they happen, said politely without moving the focus. */}
      <VisuallyHidden>
        <span role="status">{announcement}</span>
      </VisuallyHidden>
    </section>
  );
}
