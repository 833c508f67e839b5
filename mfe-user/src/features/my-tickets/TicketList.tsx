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
import { lazy, Suspense, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardList } from '../../components/CardList';
import { LoginRequired } from '../../components/LoginRequired';
import { seatText } from '../../lib/ticketText';
import { AddToCalendar } from './AddToCalendar';
import { type MyTicket, useMyTickets } from './api/getMyTickets';
import styles from './TicketList.module.css';
import qrStyles from './TicketQr.module.css';

// A QR code needs its encoder (9 kB gzipped): it loads with the first ticket shown, not with every
// customer page (the dashboard shows this list; the first-visit budget of /user/theaters,
// scripts/web-budgets.mjs).
const TicketQr = lazy(() => import('./TicketQr').then((module) => ({ default: module.TicketQr })));

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

function TicketCard({ ticket, headingLevel }: { ticket: MyTicket; headingLevel: 2 | 3 }) {
  const navigate = useNavigate();
  const headingId = useId();
  const cancellable = !ticket.is_cancelled && ticket.can_cancel;
  const confirmed = !ticket.is_cancelled;
  return (
    <Card
      heading={<span id={headingId}>{ticket.movie_name}</span>}
      headingLevel={headingLevel}
      className={ticket.is_cancelled ? styles.cancelled : undefined}
      footer={
        confirmed ? (
          <>
            <AddToCalendar ticket={ticket} describedBy={headingId} />
            {cancellable && (
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
            )}
          </>
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
          // The code as text, for staff to type when a screen will not scan.
          ...(confirmed
            ? [{ label: 'Ticket code', value: <code className={styles.code}>{ticket.code}</code> }]
            : []),
          ...(ticket.checked_in_at
            ? [{ label: 'Checked in', value: formatDateTime(ticket.checked_in_at) }]
            : []),
        ]}
      />
      {confirmed && <DoorPass ticket={ticket} />}
    </Card>
  );
}

/** The ticket's QR code, large, for showing the phone at the door. */
function DoorPass({ ticket }: { ticket: MyTicket }) {
  return (
    <div className={styles.pass}>
      {/* The code's square is kept while the encoder loads, so the card does not grow. */}
      <Suspense fallback={<span className={qrStyles.qr} aria-hidden="true" />}>
        <TicketQr
          // The signed pass the door checks even offline; the bare code if the API sent none.
          text={ticket.pass ?? ticket.code}
          label={`QR code of your ticket for seat ${ticket.seat.row}${ticket.seat.column}`}
        />
      </Suspense>
    </div>
  );
}
