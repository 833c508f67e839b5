import { Page } from '@cinema/ui';
import { BookingList } from './BookingList';

export function BookingsPage() {
  return (
    <Page title="Bookings" intro={<p>Every booking, newest first, with who booked it.</p>}>
      <BookingList />
    </Page>
  );
}
