import type { Show } from '@cinema/api-client';
import {
  Button,
  Card,
  FactList,
  formatDate,
  formatRupees,
  formatTimeRange,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardList } from '../../components/CardList';
import { useShows } from './api/getShows';

export interface ShowListProps {
  /** Only this movie's shows; null for all. */
  movieId?: number | null;
  headingLevel?: 2 | 3;
}

/** Upcoming shows as cards, soonest first, with 'View Seats'. */
export function ShowList({ movieId = null, headingLevel = 2 }: ShowListProps) {
  const shows = useShows({ movie: movieId });
  return (
    <CardList
      query={shows}
      label="Shows"
      loadingLabel="Loading shows..."
      loadingLines={5}
      errorMessage="The shows could not be loaded."
      errorToast="Error loading shows"
      emptyMessage="No shows found."
      renderCard={(show) => <ShowCard show={show} headingLevel={headingLevel} />}
    />
  );
}

/** '₹100' when every seat costs the same, 'From ₹100' when some cost more. */
export function priceText(min?: number | null, max?: number | null): string | null {
  if (typeof min !== 'number') return null;
  return typeof max === 'number' && max > min ? `From ${formatRupees(min)}` : formatRupees(min);
}

function ShowCard({ show, headingLevel }: { show: Show; headingLevel: 2 | 3 }) {
  const navigate = useNavigate();
  const headingId = useId();
  const price = priceText(show.min_price, show.max_price);
  return (
    <Card
      heading={<span id={headingId}>{show.movie_name}</span>}
      headingLevel={headingLevel}
      footer={
        <Button
          aria-describedby={headingId}
          onClick={() =>
            navigate(withQuery('/user/seat-layout', { show: show.id }), {
              state: { showId: show.id },
            })
          }
        >
          View Seats
        </Button>
      }
    >
      <FactList
        items={[
          { label: 'Theater', value: show.theater_name },
          ...(show.screen_name ? [{ label: 'Screen', value: show.screen_name }] : []),
          { label: 'Date', value: formatDate(show.date) },
          { label: 'Time', value: formatTimeRange(show.start_time, show.end_time) },
          { label: 'Total seats', value: show.total_seats },
          { label: 'Booked seats', value: show.booked_seats },
          { label: 'Available seats', value: show.available_seats },
          ...(price ? [{ label: 'Price', value: price }] : []),
        ]}
      />
    </Card>
  );
}
