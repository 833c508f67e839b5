import type { Ticket } from '@cinema/api-client';
import { errorMessage } from '@cinema/api-client';
import {
  BookingStatus,
  Button,
  buttonClassName,
  Card,
  CardSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  failureMessage,
  formatRupees,
  Page,
  toNumber,
  useNavigationId,
} from '@cinema/ui';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { LoginRequired } from '../../components/LoginRequired';
import { useCancelBooking } from '../../features/cancel/api/cancelBooking';
import { useMyTickets } from '../../features/my-tickets/api/getMyTickets';
import { seatText } from '../../lib/ticketText';
import styles from './CancelPage.module.css';

export function CancelPage() {
  const ticketId = useNavigationId('ticketId', 'ticket');
  return (
    <Page title="Cancel Ticket">
      <LoginRequired>
        {ticketId === null ? (
          <BackToTickets message="Choose a ticket to cancel from My Tickets." />
        ) : (
          <CancelTicket ticketId={ticketId} />
        )}
      </LoginRequired>
    </Page>
  );
}

function BackToTickets({ message }: { message: string }) {
  return (
    <EmptyState message={message}>
      <Link to="/user/my-tickets" className={buttonClassName()}>
        Go to My Tickets
      </Link>
    </EmptyState>
  );
}

function CancelTicket({ ticketId }: { ticketId: number }) {
  const tickets = useMyTickets();

  if (tickets.isPending) return <CardSkeleton lines={5} label="Loading the ticket..." />;
  if (tickets.isError) {
    return (
      <ErrorState
        message={failureMessage(tickets.error, 'Failed to load bookings')}
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
      />
    );
  }
  const ticket = tickets.data.find((candidate) => candidate.id === ticketId);
  if (!ticket) return <BackToTickets message="This ticket was not found among your bookings." />;
  if (ticket.is_cancelled) return <BackToTickets message="This ticket is already cancelled." />;
  return <ConfirmCancel ticket={ticket} />;
}

function ConfirmCancel({ ticket }: { ticket: Ticket }) {
  const navigate = useNavigate();
  const cancel = useCancelBooking();

  async function confirmCancel() {
    try {
      await cancel.mutateAsync(ticket);
    } catch (error) {
      toast.error(errorMessage(error, 'Cancellation failed.'));
      return;
    }
    toast.success('Ticket cancelled successfully!');
    navigate('/user/my-tickets');
  }

  return (
    <div className={styles.layout}>
      <Card heading={ticket.movie_name}>
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
      <p className={styles.question}>Are you sure you want to cancel this ticket?</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => navigate('/user/my-tickets')}
          disabled={cancel.isPending}
        >
          Back
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirmCancel()}
          busy={cancel.isPending}
          busyLabel="Processing..."
        >
          Confirm Cancel
        </Button>
      </div>
    </div>
  );
}
