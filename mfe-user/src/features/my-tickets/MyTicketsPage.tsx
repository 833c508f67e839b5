import { Page } from '@cinema/ui';
import { TicketList } from './TicketList';

export function MyTicketsPage() {
  return (
    <Page title="My Tickets">
      <TicketList />
    </Page>
  );
}
