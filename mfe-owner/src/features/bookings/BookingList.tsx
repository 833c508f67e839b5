import type { Booking } from '@cinema/api-client';
import {
  BookingStatus,
  formatDateTime,
  formatRupees,
  Skeleton,
  seatLabel,
  Table,
  type TableColumn,
  toNumber,
  useListParams,
} from '@cinema/ui';
import { PagedList } from '../../components/PagedList';
import { useOwnerBookingPage } from './api/getOwnerBookings';

const COLUMNS: readonly TableColumn<Booking>[] = [
  { id: 'user', header: 'Booked by', cell: (booking) => booking.user_name },
  { id: 'movie', header: 'Movie', cell: (booking) => booking.movie_name },
  { id: 'theater', header: 'Theater', cell: (booking) => booking.theater_name },
  { id: 'seat', header: 'Seat', cell: (booking) => seatLabel(booking.seat) },
  {
    id: 'show',
    header: 'Show',
    cell: (booking) => formatDateTime(booking.date, booking.time),
  },
  {
    id: 'price',
    header: 'Price',
    align: 'end',
    cell: (booking) => formatRupees(toNumber(booking.total_price)),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (booking) => <BookingStatus cancelled={booking.is_cancelled} />,
  },
];

/** Tickets booked on the owner's theaters, newest first, 20 a page: who sat where. */
export function BookingList() {
  const params = useListParams();
  const bookings = useOwnerBookingPage({ page: params.page, q: params.q });
  return (
    <PagedList
      searchLabel="Search bookings"
      searchPlaceholder="Customer, movie or theater"
      paginationLabel="Booking pages"
      params={params}
      query={bookings}
      loading={<Skeleton lines={6} label="Loading bookings..." />}
      emptyMessage="No bookings available"
      errorMessage="Failed to fetch bookings"
    >
      {(items) => (
        <Table
          caption="Bookings on your theaters"
          captionHidden
          columns={COLUMNS}
          rows={items}
          rowKey={(booking) => booking.id}
        />
      )}
    </PagedList>
  );
}
