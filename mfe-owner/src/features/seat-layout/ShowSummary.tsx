import { ApiError } from '@cinema/api-client';
import { Card, CardSkeleton, FactList, failureMessage, formatDateTimeRange } from '@cinema/ui';
import { ShowStatus } from '../../components/ShowStatus';
import { useShow } from './api/getShow';

/** Which show the map is of: movie, theater, when, and how full it is. */
export function ShowSummary({ showId }: { showId: number }) {
  const show = useShow(showId);

  if (show.isPending) return <CardSkeleton lines={3} label="Loading the show..." />;
  if (show.isError) {
    const notFound = show.error instanceof ApiError && show.error.status === 404;
    return (
      <p role="alert">
        {notFound
          ? 'This show was not found. It may be another owner’s or have been removed.'
          : failureMessage(show.error, 'The show details could not be loaded.')}
      </p>
    );
  }
  const { data } = show;
  return (
    <Card heading={data.movie_name} headingLevel={2}>
      <FactList
        items={[
          { label: 'Status', value: <ShowStatus show={data} /> },
          { label: 'Theater', value: data.theater_name },
          {
            label: 'When',
            value: formatDateTimeRange(data.date, data.start_time, data.end_time),
          },
          {
            label: 'Seats',
            value: `${data.booked_seats} booked, ${data.available_seats} available of ${data.total_seats}`,
          },
        ]}
      />
    </Card>
  );
}
