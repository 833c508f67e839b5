import {
  BookingStatus,
  Button,
  Card,
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  failureMessage,
  formatDateTime,
  formatRupees,
  StatusBadge,
  toNumber,
  useErrorToast,
  withQuery,
} from '@cinema/ui';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginRequired } from '../../components/LoginRequired';
import { seatText } from '../../lib/ticketText';
import { AddToCalendar } from './AddToCalendar';
import { type MyTicket, useMyTickets } from './api/getMyTickets';
import { groupOrders, type Order } from './orders';
import styles from './TicketList.module.css';
import qrStyles from './TicketQr.module.css';

// A QR code needs its encoder (9 kB gzipped): it loads with the first ticket shown, not with every
// customer page (the dashboard shows this list; the first-visit budget of /user/theaters,
// scripts/web-budgets.mjs).
const TicketQr = lazy(() => import('./TicketQr').then((module) => ({ default: module.TicketQr })));

export interface TicketListProps {
  /** Level of the parts' headings (Upcoming, Past, Cancelled); each order's is one below. */
  headingLevel?: 2 | 3;
}

/**
 * The caller's tickets as orders (the seats paid together): upcoming first with the soonest on
 * top, then past, then cancelled; the order just paid (payment's `?order=`) marked. Used by My
 * Tickets and the dashboard.
 */
export function TicketList({ headingLevel = 2 }: TicketListProps) {
  return (
    <LoginRequired>
      <Orders headingLevel={headingLevel} />
    </LoginRequired>
  );
}

function Orders({ headingLevel }: { headingLevel: 2 | 3 }) {
  const tickets = useMyTickets();
  const [params] = useSearchParams();
  const justPaid = Number(params.get('order')) || null;
  useErrorToast(tickets.isError, 'Failed to load bookings');

  if (tickets.isPending) return <CardListSkeleton label="Loading your tickets..." lines={5} />;
  if (tickets.isError) {
    return (
      <ErrorState
        message={failureMessage(tickets.error, 'Your tickets could not be loaded.')}
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
      />
    );
  }
  if (tickets.data.length === 0) return <EmptyState message="No bookings found." />;
  const { upcoming, past, cancelled } = groupOrders(tickets.data, Date.now());
  const part = { headingLevel, justPaid };
  return (
    <div className={styles.parts}>
      <OrderPart title="Upcoming" orders={upcoming} empty="No upcoming tickets." {...part} />
      {past.length > 0 && <OrderPart title="Past" orders={past} {...part} />}
      {cancelled.length > 0 && <OrderPart title="Cancelled" orders={cancelled} {...part} />}
    </div>
  );
}

interface OrderPartProps {
  title: 'Upcoming' | 'Past' | 'Cancelled';
  orders: Order[];
  empty?: string;
  headingLevel: 2 | 3;
  justPaid: number | null;
}

function OrderPart({ title, orders, empty, headingLevel, justPaid }: OrderPartProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.partHeading}>
        {title}
      </Heading>
      {orders.length === 0 ? (
        <p className={styles.none}>{empty}</p>
      ) : (
        <CardGrid aria-label={`${title} orders`}>
          {orders.map((order) => (
            <li key={order.key}>
              <OrderCard
                order={order}
                headingLevel={(headingLevel + 1) as 3 | 4}
                justPaid={order.orderId !== null && order.orderId === justPaid}
              />
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
}

interface OrderCardProps {
  order: Order;
  headingLevel: 3 | 4;
  /** The order the customer has just paid for: marked in words, and brought into view. */
  justPaid: boolean;
}

function OrderCard({ order, headingLevel, justPaid }: OrderCardProps) {
  const headingId = useId();
  const card = useRef<HTMLDivElement>(null);
  const first = order.tickets[0] as MyTicket;
  const live = order.live[0];
  useEffect(() => {
    // jsdom has no scrolling; a browser brings the new order into view below the heading.
    if (justPaid) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [justPaid]);
  return (
    <Card
      ref={card}
      heading={<span id={headingId}>{first.movie_name}</span>}
      headingLevel={headingLevel}
      className={
        justPaid ? styles.justPaid : order.live.length === 0 ? styles.cancelled : undefined
      }
      footer={live ? <AddToCalendar ticket={live} describedBy={headingId} /> : undefined}
    >
      {justPaid && (
        <p className={styles.badge}>
          <StatusBadge tone="positive">Just booked</StatusBadge>
        </p>
      )}
      <FactList
        items={[
          { label: 'Theater', value: first.theater_name },
          // The show's date and time as every screen writes them (the movie is the card's heading).
          { label: 'Show', value: formatDateTime(first.date, first.start_time) },
          {
            label: order.tickets.length === 1 ? 'Seat' : 'Seats',
            value: order.tickets.map((t) => `${t.seat.row}${t.seat.column}`).join(', '),
          },
          ...(order.live.length > 0 ? [{ label: 'Total', value: formatRupees(order.total) }] : []),
        ]}
      />
      <ul className={styles.tickets} aria-label={`Tickets of ${first.movie_name}`}>
        {order.tickets.map((ticket) => (
          <li key={ticket.id} className={styles.ticket}>
            <TicketOfOrder ticket={ticket} orderHeadingId={headingId} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** One seat of an order: its state, its code and QR code for the door, and its own cancel. */
function TicketOfOrder({ ticket, orderHeadingId }: { ticket: MyTicket; orderHeadingId: string }) {
  const navigate = useNavigate();
  const seatId = useId();
  const confirmed = !ticket.is_cancelled;
  const cancellable = confirmed && ticket.can_cancel;
  return (
    <>
      <p className={styles.seatLine}>
        <strong id={seatId}>{seatText(ticket.seat)}</strong>
        <BookingStatus cancelled={ticket.is_cancelled} />
      </p>
      <FactList
        items={[
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
      {cancellable && (
        // The spec's per-seat cancel, kept quiet: the QR code is what this card is for.
        <Button
          variant="secondary"
          size="small"
          className={styles.cancel}
          aria-describedby={`${orderHeadingId} ${seatId}`}
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
