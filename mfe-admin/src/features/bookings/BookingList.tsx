import type { Booking } from '@cinema/api-client';
import {
  BookingStatus,
  formatDate,
  formatRupees,
  formatTime,
  seatLabel,
  type TableColumn,
  toNumber,
  useListParams,
} from '@cinema/ui';
import { PagedTable } from '../../components/PagedTable';
import { useBookings } from './api/getBookings';

const COLUMNS: readonly TableColumn<Booking>[] = [
  { id: 'booker', header: 'Booked by', cell: (booking) => booking.user_name },
  { id: 'movie', header: 'Movie', cell: (booking) => booking.movie_name },
  { id: 'theater', header: 'Theater', cell: (booking) => booking.theater_name },
  { id: 'seat', header: 'Seat', cell: (booking) => seatLabel(booking.seat) },
  { id: 'date', header: 'Date', cell: (booking) => formatDate(booking.date) },
  { id: 'time', header: 'Time', cell: (booking) => formatTime(booking.time) },
  {
    id: 'price',
    header: 'Price',
    cell: (booking) => formatRupees(toNumber(booking.total_price)),
    align: 'end',
  },
  {
    id: 'status',
    header: 'Status',
    cell: (booking) => <BookingStatus cancelled={booking.is_cancelled} />,
  },
];

/** Every booking, newest first, read-only. */
export function BookingList() {
  const params = useListParams();
  const bookings = useBookings({ page: params.page, q: params.q });
  return (
    <PagedTable
      caption="Bookings"
      loadingLabel="Loading bookings..."
      emptyMessage="No bookings found."
      errorFallback="Failed to load bookings"
      searchHint="Booker, movie or theater"
      params={params}
      query={bookings}
      columns={COLUMNS}
      rowKey={(booking) => booking.id}
    />
  );
}
