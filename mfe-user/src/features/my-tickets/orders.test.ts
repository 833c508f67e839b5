import { describe, expect, it } from 'vitest';
import { ticket } from '../../test/fixtures';
import type { MyTicket } from './api/getMyTickets';
import { groupOrders } from './orders';

const NOW = Date.parse('2026-11-21T00:00:00Z');

/** A ticket of a show starting `hours` after NOW and lasting two hours. */
function at(hours: number, overrides: Partial<MyTicket>): MyTicket {
  const start = NOW + hours * 3_600_000;
  return {
    ...ticket(overrides),
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 2 * 3_600_000).toISOString(),
    pass: null,
  };
}

const keys = (orders: { key: string }[]) => orders.map((order) => order.key);

describe('groupOrders', () => {
  it('makes one order of the seats paid together, in the API’s seat order, totalling live seats', () => {
    const { upcoming } = groupOrders(
      [
        at(5, { id: 1, order_id: 7, seat: { id: 1, row: 'A', column: 1 }, total_price: 150 }),
        at(5, { id: 2, order_id: 7, seat: { id: 2, row: 'A', column: 2 }, total_price: 150 }),
        at(5, {
          id: 3,
          order_id: 7,
          seat: { id: 3, row: 'A', column: 3 },
          total_price: 150,
          is_cancelled: true,
        }),
      ],
      NOW,
    );
    expect(upcoming).toHaveLength(1);
    const [order] = upcoming;
    expect(order?.orderId).toBe(7);
    expect(order?.tickets.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(order?.live.map((t) => t.id)).toEqual([1, 2]);
    // The cancelled seat was refunded: it is not in what the order costs now.
    expect(order?.total).toBe(300);
  });

  it('puts the soonest show first (the API sends the furthest first), past and cancelled apart', () => {
    const groups = groupOrders(
      [
        at(72, { id: 10, order_id: 3 }),
        at(24, { id: 11, order_id: 2 }),
        at(2, { id: 12, order_id: 1 }),
        // Started an hour ago, ends in an hour: still upcoming (the customer may be at the door).
        at(-1, { id: 13, order_id: 4 }),
        at(-30, { id: 14, order_id: 5 }),
        at(-5, { id: 15, order_id: 6 }),
        at(48, { id: 16, order_id: 8, is_cancelled: true }),
        at(-48, { id: 17, order_id: 9, is_cancelled: true }),
      ],
      NOW,
    );
    expect(keys(groups.upcoming)).toEqual(['order-4', 'order-1', 'order-2', 'order-3']);
    expect(keys(groups.past)).toEqual(['order-6', 'order-5']);
    expect(keys(groups.cancelled)).toEqual(['order-8', 'order-9']);
  });

  it('makes a seat booked without a hold an order of its own, and breaks ties by purchase', () => {
    const { upcoming } = groupOrders(
      [
        at(5, { id: 31, order_id: null }),
        at(5, { id: 30, order_id: null }),
        at(5, { id: 29, order_id: 12 }),
      ],
      NOW,
    );
    expect(keys(upcoming)).toEqual(['order-12', 'ticket-30', 'ticket-31']);
    expect(upcoming[1]?.orderId).toBeNull();
  });

  it('has nothing to show for no tickets', () => {
    expect(groupOrders([], NOW)).toEqual({ upcoming: [], past: [], cancelled: [] });
  });
});
