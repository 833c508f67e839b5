import type { Ticket } from '@cinema/api-client';
import {
  BookingStatus,
  Button,
  Card,
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  formatRupees,
  toNumber,
  useErrorToast,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginRequired } from '../../components/LoginRequired';
import { useMyTickets } from './api/getMyTickets';
import styles from './TicketList.module.css';
import { seatText } from './ticketText';

export interface TicketListProps {
  headingLevel?: 2 | 3;
}

/** The caller's tickets, newest show first. Used by My Tickets and the dashboard. */
export function TicketList({ headingLevel = 2 }: TicketListProps) {
  return (
    <LoginRequired>
      <Tickets headingLevel={headingLevel} />
    </LoginRequired>
  );
}

function Tickets({ headingLevel }: { headingLevel: 2 | 3 }) {
  const tickets = useMyTickets();
  useErrorToast(tickets.isError, 'Failed to load bookings');

  if (tickets.isPending) return <CardListSkeleton label="Loading your tickets..." lines={5} />;
  if (tickets.isError) {
    return (
      <ErrorState
        message="Your tickets could not be loaded."
        onRetry={() => void tickets.refetch()}
      />
    );
  }
  if (tickets.data.length === 0) return <EmptyState message="No bookings found." />;
  return (
    <CardGrid aria-label="My tickets">
      {tickets.data.map((ticket) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}

function TicketCard({ ticket, headingLevel }: { ticket: Ticket; headingLevel: 2 | 3 }) {
  const navigate = useNavigate();
  const headingId = useId();
  const cancellable = !ticket.is_cancelled && ticket.can_cancel;
  return (
    <Card
      heading={<span id={headingId}>{ticket.movie_name}</span>}
      headingLevel={headingLevel}
      className={ticket.is_cancelled ? styles.cancelled : undefined}
      footer={
        cancellable ? (
          <Button
            variant="danger"
            aria-describedby={headingId}
            onClick={() =>
              navigate(withQuery('/user/cancel', { ticket: ticket.id }), {
                state: { ticketId: ticket.id },
              })
            }
          >
            Cancel Ticket
          </Button>
        ) : undefined
      }
    >
      <FactList
        items={[
          { label: 'Status', value: <BookingStatus cancelled={ticket.is_cancelled} /> },
          { label: 'Theater', value: ticket.theater_name },
          { label: 'Seat', value: seatText(ticket.seat) },
          { label: 'Show', value: ticket.show },
          { label: 'Price', value: formatRupees(toNumber(ticket.total_price)) },
        ]}
      />
    </Card>
  );
}
