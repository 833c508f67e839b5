// The rows the customer screens' tests use: the shared builders with this area's values, and
// the customer's own holds and tickets.
import type { Hold, Seat, SeatStatus, Theater, Ticket } from '@cinema/api-client';
import {
  seat as baseSeat,
  seatMap as baseSeatMap,
  theater as baseTheater,
} from '@cinema/test-utils';

export { movie, show } from '@cinema/test-utils';

/** A small hall: 2 rows of 5 seats. */
export function theater(overrides: Partial<Theater> = {}): Theater {
  return baseTheater({ rows: 2, seats_per_row: 5, ...overrides });
}

/** Seat `label` ('A1') with an id derived from it: A1 -> 1, A5 -> 5, B1 -> 6 (5 per row). */
export function seat(label: string, status: SeatStatus = 'available'): Seat {
  return baseSeat(label, { status });
}

/** Two rows of five, all free unless `statuses` says otherwise. */
export function seatMap(statuses: Record<string, SeatStatus> = {}): Seat[] {
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
    is_cancelled: false,
    total_price: 100,
    can_cancel: true,
    code: '3f0c1a52-8a4e-4d2b-9f61-0b7c2f1e9a10',
    checked_in_at: null,
    ...overrides,
  };
}
