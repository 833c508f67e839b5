import type { Ticket } from '@cinema/api-client';
import {
  BookingStatus,
  Button,
  Card,
  FactList,
  formatDateTime,
  formatRupees,
  toNumber,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardList } from '../../components/CardList';
import { LoginRequired } from '../../components/LoginRequired';
import { seatText } from '../../lib/ticketText';
import { useMyTickets } from './api/getMyTickets';
import styles from './TicketList.module.css';

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
  return (
    <CardList
      query={tickets}
      label="My tickets"
      loadingLabel="Loading your tickets..."
      loadingLines={5}
      errorMessage="Your tickets could not be loaded."
      errorToast="Failed to load bookings"
      emptyMessage="No bookings found."
      renderCard={(ticket) => <TicketCard ticket={ticket} headingLevel={headingLevel} />}
    />
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
          // The show's date and time as every screen writes them (the movie is the card's heading).
          { label: 'Show', value: formatDateTime(ticket.date, ticket.start_time) },
          { label: 'Price', value: formatRupees(toNumber(ticket.total_price)) },
        ]}
      />
    </Card>
  );
}
