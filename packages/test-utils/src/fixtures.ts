// The rows most screens' tests use, as the API sends them. Each builder takes overrides; an
// area's own src/test/fixtures.ts sets the values its screens need on top (e.g. a smaller hall).
import type { Booking, Movie, Paged, Seat, SeatStatus, Show, Theater } from '@cinema/api-client';

/**
 * One page of `results` as the API wraps it; `count` (the total on every page) defaults to them,
 * exact unless `countExact` says it is a lower bound.
 */
export function paged<Row>(
  results: Row[],
  { count = results.length, page = 1, pageSize = 20, countExact = true } = {},
): Paged<Row> {
  return { results, count, count_exact: countExact, page, page_size: pageSize };
}

export function theater(overrides: Partial<Theater> = {}): Theater {
  return {
    id: 1,
    name: 'PVR Forum',
    location: 'Koramangala, Bengaluru',
    owner: 3,
    rows: 8,
    seats_per_row: 12,
    ...overrides,
  };
}

export function movie(overrides: Partial<Movie> = {}): Movie {
  return {
    id: 4,
    title: 'Dune',
    description: 'A desert planet and its spice.',
    duration_minutes: 155,
    language: 'English',
    release_date: '2026-11-01',
    theater: 1,
    theater_name: 'PVR Forum',
    poster: null,
    ...overrides,
  };
}

/**
 * An upcoming show of Dune on Screen 1 with 2 of its 10 seats (all Standard, 100 rupees) booked;
 * its wheelchair spaces go on general sale two hours before the start.
 */
export function show(overrides: Partial<Show> = {}): Show {
  return {
    id: 5,
    movie: 4,
    movie_name: 'Dune',
    theater: 1,
    theater_name: 'PVR Forum',
    screen: 1,
    screen_name: 'Screen 1',
    date: '2026-11-21',
    start_time: '18:00',
    end_time: '20:35',
    starts_at: '2026-11-21T12:30:00Z',
    accessible_release_at: '2026-11-21T10:30:00Z',
    min_price: 100,
    max_price: 100,
    total_seats: 10,
    booked_seats: 2,
    available_seats: 8,
    ...overrides,
  };
}

/** A confirmed booking of seat A5, as the owner's and the admin's lists show it. */
export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 21,
    user_name: 'asha',
    movie_name: 'Dune',
    theater_name: 'PVR Forum',
    seat: { id: 5, row: 'A', column: 5 },
    show: 'Dune · Sat, 21 Nov 2026 · 6:00 pm',
    show_id: 5,
    date: '2026-11-21',
    time: '18:00',
    total_price: 100,
    is_cancelled: false,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** Where a seat is and what it is (the seat map's layout fields); the rest of a Seat is state. */
export type SeatPlace = Pick<Seat, 'row_pos' | 'x' | 'kind' | 'category' | 'price' | 'partner_x'>;

/**
 * Seat `label` ('A1') with an id derived from it in a hall of 5 seats a row: A1 -> 1, A5 -> 5,
 * B1 -> 6: a Standard seat at 100 rupees in a rectangle (x = column, row_pos A -> 1) unless
 * `place` says otherwise. Booked seats ('booked', or the caller's own 'mine') have is_booked.
 */
export function seat(
  label: string,
  {
    status = 'available',
    booked_by = null,
    ...place
  }: { status?: SeatStatus; booked_by?: string | null } & Partial<SeatPlace> = {},
): Seat {
  const row = label.slice(0, 1);
  const column = Number(label.slice(1));
  return {
    id: (row.charCodeAt(0) - 65) * 5 + column,
    row,
    column,
    label,
    row_pos: row.charCodeAt(0) - 64,
    x: column,
    kind: 'seat',
    category: 'Standard',
    price: 100,
    partner_x: null,
    ...place,
    status,
    is_booked: status === 'booked' || status === 'mine',
    booked_by,
  };
}

/** Two rows of five seats, A1 to B5, each built by `seatAt(label)` (free by default). */
export function seatMap(seatAt: (label: string) => Seat = (label) => seat(label)): Seat[] {
  return ['A', 'B'].flatMap((row) => [1, 2, 3, 4, 5].map((column) => seatAt(`${row}${column}`)));
}
