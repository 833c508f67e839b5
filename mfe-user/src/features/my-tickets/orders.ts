import { toNumber } from '@cinema/ui';
import type { MyTicket } from './api/getMyTickets';

/** The seats a customer paid for together: one show, one payment (the API's `order_id`). */
export interface Order {
  /** Unique in the list: 'order-<hold id>', or 'ticket-<id>' for a seat booked on its own. */
  key: string;
  /** The hold it was paid through, as payment's `?order=` names it; null for a lone seat. */
  orderId: number | null;
  /** Its tickets in seat order (the API's), cancelled ones included. */
  tickets: MyTicket[];
  /** The tickets not cancelled. */
  live: MyTicket[];
  /** What the live tickets cost, in rupees. */
  total: number;
  /** The show's start and end. */
  startsAt: number;
  endsAt: number;
}

/** My Tickets' three parts: what is still to come first, what is over, what was cancelled. */
export interface OrderGroups {
  /** Shows not yet over with a live ticket, the soonest first. */
  upcoming: Order[];
  /** Shows over with a live ticket, the latest first. */
  past: Order[];
  /** Orders whose every ticket was cancelled, the latest show first. */
  cancelled: Order[];
}

function keyOf(ticket: MyTicket): string {
  return ticket.order_id === null ? `ticket-${ticket.id}` : `order-${ticket.order_id}`;
}

/** The caller's tickets as orders, grouped as My Tickets shows them at the instant `now`. */
export function groupOrders(tickets: readonly MyTicket[], now: number): OrderGroups {
  const byKey = new Map<string, MyTicket[]>();
  for (const ticket of tickets) {
    const key = keyOf(ticket);
    const list = byKey.get(key);
    if (list) list.push(ticket);
    else byKey.set(key, [ticket]);
  }
  const groups: OrderGroups = { upcoming: [], past: [], cancelled: [] };
  for (const [key, list] of byKey) {
    const first = list[0] as MyTicket;
    const live = list.filter((ticket) => !ticket.is_cancelled);
    const order: Order = {
      key,
      orderId: first.order_id,
      tickets: list,
      live,
      total: live.reduce((sum, ticket) => sum + toNumber(ticket.total_price), 0),
      startsAt: Date.parse(first.starts_at),
      endsAt: Date.parse(first.ends_at),
    };
    if (live.length === 0) groups.cancelled.push(order);
    else if (order.endsAt <= now) groups.past.push(order);
    else groups.upcoming.push(order);
  }
  // Ties (two orders of one show) keep the order they were bought in: the API's ids rise.
  const soonest = (a: Order, b: Order) => a.startsAt - b.startsAt || idOf(a) - idOf(b);
  const latest = (a: Order, b: Order) => b.startsAt - a.startsAt || idOf(a) - idOf(b);
  groups.upcoming.sort(soonest);
  groups.past.sort(latest);
  groups.cancelled.sort(latest);
  return groups;
}

function idOf(order: Order): number {
  return Math.min(...order.tickets.map((ticket) => ticket.id));
}
