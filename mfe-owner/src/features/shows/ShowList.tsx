import type { Show } from '@cinema/api-client';
import {
  Button,
  Card,
  CardGrid,
  CardListSkeleton,
  FactList,
  formatDate,
  formatTimeRange,
  useListParams,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { PagedList } from '../../components/PagedList';
import { ShowStatus } from '../../components/ShowStatus';
import { OWN_LIST_ERROR } from '../../lib/messages';
import { useShowPage } from './api/getShows';

/** The shows of the owner's theaters, past and upcoming, newest first, 20 a page. */
export function ShowList() {
  const params = useListParams();
  const shows = useShowPage({ page: params.page, q: params.q });
  return (
    <PagedList
      searchLabel="Search shows"
      searchPlaceholder="Movie or theater"
      paginationLabel="Show pages"
      params={params}
      query={shows}
      loading={<CardListSkeleton label="Loading shows..." lines={6} />}
      emptyMessage="No shows found."
      errorToast={OWN_LIST_ERROR}
      errorMessage="Your shows could not be loaded."
    >
      {(items) => (
        <CardGrid aria-label="Shows">
          {items.map((show) => (
            <li key={show.id}>
              <ShowCard show={show} />
            </li>
          ))}
        </CardGrid>
      )}
    </PagedList>
  );
}

function ShowCard({ show }: { show: Show }) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <Card
      heading={<span id={headingId}>{show.movie_name}</span>}
      headingLevel={2}
      footer={
        <Button
          variant="secondary"
          aria-describedby={headingId}
          onClick={() =>
            navigate(withQuery('/owner/seatlayout', { show: show.id }), {
              state: { showId: show.id },
            })
          }
        >
          Show Seats
        </Button>
      }
    >
      <FactList
        items={[
          { label: 'Status', value: <ShowStatus show={show} /> },
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
