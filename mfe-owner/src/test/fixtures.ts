// The rows the owner screens' tests use: the shared builders with this area's values.
import type { Screen, Seat, SeatStatus, Show, Theater } from '@cinema/api-client';
import { defaultLayout } from '@cinema/contract';
import {
  seat as baseSeat,
  seatMap as baseSeatMap,
  show as baseShow,
  theater as baseTheater,
} from '@cinema/test-utils';

export { booking, movie, paged } from '@cinema/test-utils';

/** One of the owner's theaters, as the owner listing sends it (with theater_count). */
export function theater(overrides: Partial<Theater> = {}): Theater {
  return baseTheater({ theater_count: 1, ...overrides });
}

/** A show as the owner's list sends it (with is_past). */
export function show(overrides: Partial<Show> = {}): Show {
  return baseShow({ is_past: false, ...overrides });
}

/** Seat `label` ('A1'); booked seats name who booked them. Ids: A1 -> 1, A5 -> 5, B1 -> 6. */
export function seat(label: string, bookedBy: string | null = null, status?: SeatStatus): Seat {
  return baseSeat(label, {
    status: status ?? (bookedBy === null ? 'available' : 'booked'),
    booked_by: bookedBy,
  });
}

/** Two rows of five, all free unless `bookedBy` names who booked a seat. */
export function seatMap(bookedBy: Record<string, string> = {}): Seat[] {
  return baseSeatMap((label) => seat(label, bookedBy[label] ?? null));
}

/** A screen of 2 rows of 4 Standard seats in theater 2 (INOX Mall), as GET screens/{id}/ sends it. */
export function screenRow(overrides: Partial<Screen> = {}): Screen {
  return {
    id: 5,
    theater: 2,
    theater_name: 'INOX Mall',
    name: 'Audi 1',
    layout: defaultLayout(2, 4),
    accessible_release_minutes: 120,
    seat_count: 8,
    categories: [{ name: 'Standard', price: 100, seats: 8 }],
    created_at: '2029-12-01T10:00:00Z',
    updated_at: '2029-12-01T10:00:00Z',
    ...overrides,
  };
}
