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
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PagedList } from '../../components/PagedList';
import { ShowStatus } from '../../components/ShowStatus';
import { ownListError } from '../../lib/messages';
import { type ShowQueueLengths, useQueueLengths } from './api/getQueueLengths';
import { useShowPage } from './api/getShows';
import { SaleSettingsDialog } from './SaleSettingsDialog';

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
      errorMessage={ownListError('shows')}
    >
      {(items) => <ShowCards shows={items} />}
    </PagedList>
  );
}

/** The page's cards, with how many customers wait on each show's waitlist and line. */
function ShowCards({ shows }: { shows: Show[] }) {
  const lengths = useQueueLengths(shows.map((show) => show.id));
  return (
    <CardGrid aria-label="Shows">
      {shows.map((show) => (
        <li key={show.id}>
          <ShowCard show={show} lengths={lengths.data?.get(show.id)} />
        </li>
      ))}
    </CardGrid>
  );
}

function ShowCard({ show, lengths }: { show: Show; lengths: ShowQueueLengths | undefined }) {
  const navigate = useNavigate();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  return (
    <Card
      heading={<span id={headingId}>{show.movie_name}</span>}
      headingLevel={2}
      footer={
        <>
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
          {!show.is_past && (
            <>
              <Button
                variant="secondary"
                aria-describedby={headingId}
                aria-haspopup="dialog"
                onClick={() => setEditing(true)}
              >
                Sale settings
              </Button>
              <SaleSettingsDialog show={show} open={editing} onClose={() => setEditing(false)} />
            </>
          )}
        </>
      }
    >
      <FactList
        items={[
          { label: 'Status', value: <ShowStatus show={show} /> },
          { label: 'Theater', value: show.theater_name },
          { label: 'Screen', value: show.screen_name },
          { label: 'Date', value: formatDate(show.date) },
          { label: 'Time', value: formatTimeRange(show.start_time, show.end_time) },
          { label: 'Total seats', value: show.total_seats },
          { label: 'Booked seats', value: show.booked_seats },
          { label: 'Available seats', value: show.available_seats },
          // Shown once known: the list itself does not wait for the counts.
          ...(lengths
            ? [
                { label: 'On waitlist', value: lengths.waitlist_length },
                ...(lengths.line_length === null
                  ? []
                  : [{ label: 'In waiting line', value: lengths.line_length }]),
              ]
            : []),
        ]}
      />
    </Card>
  );
}
