import type { Show } from '@cinema/api-client';
import {
  formatDate,
  formatTimeRange,
  StatusBadge,
  type TableColumn,
  useListParams,
} from '@cinema/ui';
import { PagedTable } from '../../components/PagedTable';
import { useShows } from './api/getShows';

const COLUMNS: readonly TableColumn<Show>[] = [
  { id: 'movie', header: 'Movie', cell: (show) => show.movie_name },
  { id: 'theater', header: 'Theater', cell: (show) => show.theater_name },
  { id: 'screen', header: 'Screen', cell: (show) => show.screen_name },
  { id: 'date', header: 'Date', cell: (show) => formatDate(show.date) },
  { id: 'time', header: 'Time', cell: (show) => formatTimeRange(show.start_time, show.end_time) },
  { id: 'total', header: 'Total', cell: (show) => show.total_seats, align: 'end' },
  { id: 'booked', header: 'Booked', cell: (show) => show.booked_seats, align: 'end' },
  { id: 'available', header: 'Available', cell: (show) => show.available_seats, align: 'end' },
  {
    id: 'status',
    header: 'Status',
    cell: (show) =>
      show.is_past ? (
        <StatusBadge tone="muted">Past</StatusBadge>
      ) : (
        <StatusBadge tone="positive">Upcoming</StatusBadge>
      ),
  },
];

/** Every show, past and upcoming, newest first, read-only. */
export function ShowList() {
  const params = useListParams();
  const shows = useShows({ page: params.page, q: params.q });
  return (
    <PagedTable
      caption="Shows"
      loadingLabel="Loading shows..."
      emptyMessage="No shows found."
      errorFallback="Error loading shows"
      searchHint="Movie or theater"
      params={params}
      query={shows}
      columns={COLUMNS}
      rowKey={(show) => show.id}
    />
  );
}
