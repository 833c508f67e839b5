// The rows the admin screens' tests use: the shared builders with this area's values, and the
// accounts and the sales report only the admin sees (the release registry's are in releases.ts).
import type {
  Booking,
  ListedAccount,
  OwnerAccount,
  SalesReport,
  Show,
  Theater,
} from '@cinema/api-client';
import {
  booking as baseBooking,
  show as baseShow,
  theater as baseTheater,
} from '@cinema/test-utils';

export { movie, paged } from '@cinema/test-utils';

/** A theater as the admin listing sends it (with its owner's name). */
export function theater(overrides: Partial<Theater> = {}): Theater {
  return baseTheater({ owner_name: 'ravi', ...overrides });
}

/** A show in a full-size hall (96 seats), as the admin's list sends it (with is_past). */
export function show(overrides: Partial<Show> = {}): Show {
  return baseShow({
    total_seats: 96,
    booked_seats: 10,
    available_seats: 86,
    is_past: false,
    ...overrides,
  });
}

export function booking(overrides: Partial<Booking> = {}): Booking {
  return baseBooking({ created_at: '2026-11-10T09:00:00Z', ...overrides });
}

export function account(overrides: Partial<ListedAccount> = {}): ListedAccount {
  return {
    id: 7,
    username: 'asha',
    email: 'asha@example.com',
    role: 'user',
    date_joined: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

export function owner(overrides: Partial<OwnerAccount> = {}): OwnerAccount {
  return {
    id: 3,
    username: 'ravi',
    email: 'ravi@example.com',
    role: 'owner',
    date_joined: '2026-01-15T10:00:00Z',
    theater_count: 2,
    ...overrides,
  };
}

/**
 * A week of sales in two theaters. Unless given, show_count and movie_count are the lengths of
 * by_show and by_movie (the server listed every show and movie of the range).
 */
export function salesReport(overrides: Partial<SalesReport> = {}): SalesReport {
  const report: Omit<SalesReport, 'show_count' | 'movie_count'> = {
    from: '2026-11-01',
    to: '2026-11-07',
    totals: {
      tickets_sold: 1234,
      cancellations: 56,
      revenue: 123400,
      capacity: 2900,
      occupancy: 0.4255,
      checked_in: 1100,
      no_shows: 110,
    },
    by_theater: [
      {
        theater_id: 1,
        theater_name: 'PVR Forum',
        shows: 20,
        tickets_sold: 1000,
        cancellations: 40,
        revenue: 100000,
        capacity: 1900,
        occupancy: 0.5263,
        checked_in: 900,
        no_shows: 80,
      },
      {
        theater_id: 2,
        theater_name: 'INOX Mall',
        shows: 10,
        tickets_sold: 234,
        cancellations: 16,
        revenue: 23400,
        capacity: 1000,
        occupancy: 0.234,
        checked_in: 200,
        no_shows: 30,
      },
    ],
    by_movie: [
      {
        movie_id: 4,
        movie_name: 'Dune',
        theater_name: 'PVR Forum',
        shows: 20,
        tickets_sold: 1000,
        cancellations: 40,
        revenue: 100000,
        capacity: 1900,
        occupancy: 0.5263,
        checked_in: 900,
        no_shows: 80,
      },
      {
        movie_id: 6,
        movie_name: 'Arrival',
        theater_name: 'INOX Mall',
        shows: 10,
        tickets_sold: 234,
        cancellations: 16,
        revenue: 23400,
        capacity: 1000,
        occupancy: 0.234,
        checked_in: 200,
        no_shows: 30,
      },
    ],
    by_show: [
      {
        show_id: 5,
        movie_name: 'Dune',
        theater_name: 'PVR Forum',
        screen_name: 'Screen 1',
        date: '2026-11-02',
        start_time: '18:00',
        tickets_sold: 60,
        cancellations: 2,
        revenue: 6000,
        capacity: 96,
        occupancy: 0.625,
        checked_in: 55,
        no_shows: 5,
      },
      {
        show_id: 9,
        movie_name: 'Arrival',
        theater_name: 'INOX Mall',
        screen_name: 'Screen 2',
        date: '2026-11-05',
        start_time: '21:15',
        tickets_sold: 30,
        cancellations: 1,
        revenue: 3000,
        capacity: 100,
        occupancy: 0.3,
        checked_in: 25,
        no_shows: 5,
      },
    ],
    // Days without shows are left out, as the server may do: the chart still has one bar a day.
    by_day: [
      { date: '2026-11-02', tickets_sold: 600, cancellations: 20, revenue: 60000 },
      { date: '2026-11-05', tickets_sold: 634, cancellations: 36, revenue: 63400 },
    ],
    ...overrides,
  };
  return {
    show_count: overrides.show_count ?? report.by_show.length,
    movie_count: overrides.movie_count ?? report.by_movie.length,
    ...report,
  };
}
