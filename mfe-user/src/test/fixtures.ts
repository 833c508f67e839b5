// The rows the customer screens' tests use: the shared builders with this area's values, and
// the customer's own holds and tickets.
import type {
  Hold,
  LinePlace,
  Sale,
  Seat,
  SeatStatus,
  Theater,
  Ticket,
  WaitlistEntry,
} from '@cinema/api-client';
import {
  seat as baseSeat,
  seatMap as baseSeatMap,
  theater as baseTheater,
} from '@cinema/test-utils';
import type { MapSeat, SeatPlace } from '../lib/seat-selection/seatLayout';

export { movie, show } from '@cinema/test-utils';

/** A small hall: 2 rows of 5 seats. */
export function theater(overrides: Partial<Theater> = {}): Theater {
  return baseTheater({ rows: 2, seats_per_row: 5, ...overrides });
}

/**
 * Seat `label` ('A1') with an id derived from it: A1 -> 1, A5 -> 5, B1 -> 6 (5 per row), a
 * Standard seat at 100 rupees in a rectangle (x = column) unless `place` says otherwise.
 */
export function seat(
  label: string,
  status: SeatStatus = 'available',
  place: Partial<SeatPlace> = {},
): MapSeat {
  const base: Seat = baseSeat(label, { status });
  return {
    ...base,
    row_pos: base.row.charCodeAt(0) - 64,
    x: base.column,
    kind: 'seat',
    category: 'Standard',
    price: 100,
    partner_x: null,
    ...place,
  };
}

/** Two rows of five, all free unless `statuses` says otherwise. */
export function seatMap(statuses: Record<string, SeatStatus> = {}): MapSeat[] {
  return baseSeatMap((label) => seat(label, statuses[label]));
}

export function hold(overrides: Partial<Hold> = {}): Hold {
  return {
    id: 11,
    show_id: 5,
    seats: [
      { id: 1, row: 'A', column: 1, label: 'A1' },
      { id: 2, row: 'A', column: 2, label: 'A2' },
    ],
    expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    total_price: 200,
    status: 'active',
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 21,
    movie_name: 'Dune',
    theater_name: 'PVR Forum',
    seat: { id: 5, row: 'A', column: 5 },
    show: 'Dune · Fri, 21 Nov, 2026 · 6:00 pm',
    show_id: 5,
    date: '2026-11-21',
    start_time: '18:00',
    end_time: '20:35',
    starts_at: '2026-11-21T12:30:00Z',
    ends_at: '2026-11-21T15:05:00Z',
    order_id: null,
    is_cancelled: false,
    total_price: 100,
    can_cancel: true,
    code: '3f0c1a52-8a4e-4d2b-9f61-0b7c2f1e9a10',
    checked_in_at: null,
    ...overrides,
  };
}

/** Show 5's sale: on sale now, no waiting line (what every ordinary show answers). */
export function sale(overrides: Partial<Sale> = {}): Sale {
  return {
    show_id: 5,
    sales_open_at: null,
    high_demand: false,
    sales_open: true,
    line_opens_at: null,
    admission_minutes: 5,
    waitlist_length: 0,
    now: new Date().toISOString(),
    ...overrides,
  };
}

/** The customer's place in show 5's waiting line: third, about a minute to wait. */
export function linePlace(overrides: Partial<LinePlace> = {}): LinePlace {
  return {
    show_id: 5,
    status: 'waiting',
    place: 3,
    estimated_wait_seconds: 60,
    sales_open_at: null,
    admitted_until: null,
    admission_token: null,
    poll_after_seconds: 5,
    sold_out: false,
    now: new Date().toISOString(),
    ...overrides,
  };
}

/** The customer's entry on show 5's waitlist: second, for 2 seats. */
export function waitlistEntry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    show_id: 5,
    state: 'waiting',
    seats: 2,
    place: 2,
    hold_id: null,
    offer_expires_at: null,
    poll_after_seconds: 5,
    ...overrides,
  };
}
