import {
  BookingStatus,
  Button,
  Card,
  CardGrid,
  FactList,
  formatDateTime,
  formatRupees,
  Pagination,
  StatusBadge,
  Tabs,
  toNumber,
  withQuery,
} from '@cinema/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadedList } from '../../components/LoadedList';
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
  /** Level of each order's heading (its movie). */
  headingLevel?: 2 | 3;
}

/** Orders a page: with the first one's QR codes open, a page stays a few screens on a phone. */
export const ORDERS_PER_PAGE = 5;

const PARTS = ['upcoming', 'past', 'cancelled'] as const;
type Part = (typeof PARTS)[number];
const PART_TITLES: Record<Part, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
};
const PART_EMPTY: Record<Part, string> = {
  upcoming: 'No upcoming tickets.',
  past: 'No past tickets.',
  cancelled: 'No cancelled tickets.',
};

/**
 * The caller's tickets as orders (the seats paid together) in three tabs: upcoming with the
 * soonest on top, past, cancelled (`?part=`), five orders a page (`?page=`). The soonest
 * upcoming order and the one just paid (payment's `?order=`) show their QR codes; the others
 * open on request. Used by My Tickets and the dashboard (decision 0046).
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
  return (
    <LoadedList
      query={tickets}
      loadingLabel="Loading your tickets..."
      loadingLines={5}
      errorMessage="Failed to load bookings"
      emptyMessage="No bookings found."
    >
      {(items) => <OrderTabs tickets={items} headingLevel={headingLevel} />}
    </LoadedList>
  );
}

function OrderTabs({ tickets, headingLevel }: { tickets: MyTicket[]; headingLevel: 2 | 3 }) {
  const [params, setParams] = useSearchParams();
  const groups = groupOrders(tickets, Date.now());
  const part = PARTS.find((name) => name === params.get('part')) ?? 'upcoming';
  const orders = groups[part];
  const pages = Math.max(1, Math.ceil(orders.length / ORDERS_PER_PAGE));
  const justPaid = Number(params.get('order')) || null;
  // Arriving from payment, the page that holds the order just paid (it may not be the first).
  const paidAt = orders.findIndex((order) => justPaid !== null && order.orderId === justPaid);
  const requested = Number(params.get('page')) || (paidAt >= 0 ? paidAt / ORDERS_PER_PAGE + 1 : 1);
  const page = Math.min(Math.max(Math.floor(requested), 1), pages);
  const go = (nextPart: string, nextPage: number) => {
    const next = new URLSearchParams(params);
    if (nextPart === 'upcoming') next.delete('part');
    else next.set('part', nextPart);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    setParams(next, { replace: true });
  };
  // Open at first: what the customer shows at the door next, and what they have just bought.
  const openAtFirst = new Set(
    groups.upcoming
      .filter((order, index) => index === 0 || (justPaid !== null && order.orderId === justPaid))
      .map((order) => order.key),
  );
  const shown = orders.slice((page - 1) * ORDERS_PER_PAGE, page * ORDERS_PER_PAGE);
  return (
    <Tabs
      label="Orders"
      tabs={PARTS.map((name) => ({
        id: name,
        label: `${PART_TITLES[name]} (${groups[name].length})`,
      }))}
      selectedId={part}
      onSelect={(name) => go(name, 1)}
    >
      {shown.length === 0 ? (
        <p className={styles.none}>{PART_EMPTY[part]}</p>
      ) : (
        <CardGrid aria-label={`${PART_TITLES[part]} orders`}>
          {shown.map((order) => (
            <li key={order.key}>
              <OrderCard
                order={order}
                headingLevel={headingLevel}
                usable={part === 'upcoming'}
                openAtFirst={openAtFirst.has(order.key)}
                justPaid={order.orderId !== null && order.orderId === justPaid}
              />
            </li>
          ))}
        </CardGrid>
      )}
      {pages > 1 && (
        <Pagination
          label={`Pages of ${PART_TITLES[part].toLowerCase()} orders`}
          page={page}
          pages={pages}
          onPage={(nextPage) => go(part, nextPage)}
        />
      )}
    </Tabs>
  );
}

interface OrderCardProps {
  order: Order;
  headingLevel: 2 | 3;
  /** Still to come: its seats can be shown at the door (codes and QR codes). */
  usable: boolean;
  /** Its codes and QR codes shown before the customer asks. */
  openAtFirst: boolean;
  /** The order the customer has just paid for: marked in words, and brought into view. */
  justPaid: boolean;
}

function OrderCard({ order, headingLevel, usable, openAtFirst, justPaid }: OrderCardProps) {
  const headingId = useId();
  const ticketsId = useId();
  const card = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(openAtFirst);
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
      footer={
        usable && live ? (
          <>
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={ticketsId}
              aria-describedby={headingId}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide QR codes' : 'Show QR codes'}
            </Button>
            <AddToCalendar ticket={live} describedBy={headingId} />
          </>
        ) : undefined
      }
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
      <ul id={ticketsId} className={styles.tickets} aria-label={`Tickets of ${first.movie_name}`}>
        {order.tickets.map((ticket) => (
          <li key={ticket.id} className={styles.ticket}>
            <TicketOfOrder ticket={ticket} orderHeadingId={headingId} open={usable && open} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

interface TicketOfOrderProps {
  ticket: MyTicket;
  orderHeadingId: string;
  /** Its price, code and QR code shown (for the door), not only its seat and state. */
  open: boolean;
}

/** One seat of an order: its state and its own cancel; open, its code and QR code for the door. */
function TicketOfOrder({ ticket, orderHeadingId, open }: TicketOfOrderProps) {
  const navigate = useNavigate();
  const seatId = useId();
  const confirmed = !ticket.is_cancelled;
  const cancellable = confirmed && ticket.can_cancel;
  const facts = [
    ...(open ? [{ label: 'Price', value: formatRupees(toNumber(ticket.total_price)) }] : []),
    // The code as text, for staff to type when a screen will not scan.
    ...(open && confirmed
      ? [{ label: 'Ticket code', value: <code className={styles.code}>{ticket.code}</code> }]
      : []),
    ...(ticket.checked_in_at
      ? [{ label: 'Checked in', value: formatDateTime(ticket.checked_in_at) }]
      : []),
  ];
  return (
    <>
      <p className={styles.seatLine}>
        <strong id={seatId}>{seatText(ticket.seat)}</strong>
        <BookingStatus cancelled={ticket.is_cancelled} />
      </p>
      {facts.length > 0 && <FactList items={facts} />}
      {open && confirmed && <DoorPass ticket={ticket} />}
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
