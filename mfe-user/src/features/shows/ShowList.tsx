import type { Show } from '@cinema/api-client';
import {
  Button,
  Card,
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  formatDate,
  formatTimeRange,
  useErrorToast,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShows } from './api/getShows';

export interface ShowListProps {
  /** Only this movie's shows; null for all. */
  movieId?: number | null;
  headingLevel?: 2 | 3;
}

/** Upcoming shows as cards, soonest first, with 'View Seats'. */
export function ShowList({ movieId = null, headingLevel = 2 }: ShowListProps) {
  const shows = useShows({ movie: movieId });
  useErrorToast(shows.isError, 'Error loading shows');

  if (shows.isPending) return <CardListSkeleton label="Loading shows..." lines={5} />;
  if (shows.isError) {
    return (
      <ErrorState message="The shows could not be loaded." onRetry={() => void shows.refetch()} />
    );
  }
  if (shows.data.length === 0) return <EmptyState message="No shows found." />;
  return (
    <CardGrid aria-label="Shows">
      {shows.data.map((show) => (
        <li key={show.id}>
          <ShowCard show={show} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}

function ShowCard({ show, headingLevel }: { show: Show; headingLevel: 2 | 3 }) {
  const navigate = useNavigate();
  const headingId = useId();
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
          { label: 'Date', value: formatDate(show.date) },
          { label: 'Time', value: formatTimeRange(show.start_time, show.end_time) },
          { label: 'Total seats', value: show.total_seats },
          { label: 'Booked seats', value: show.booked_seats },
          { label: 'Available seats', value: show.available_seats },
        ]}
      />
    </Card>
  );
}
