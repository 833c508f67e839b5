import { Page } from '@cinema/ui';
import { BookingList } from './BookingList';

export function BookingsPage() {
  return (
    <Page title="Bookings" intro={<p>Who booked which seat in your theaters.</p>}>
      <BookingList />
    </Page>
  );
}
