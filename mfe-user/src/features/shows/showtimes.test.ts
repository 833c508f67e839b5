import { show } from '@cinema/test-utils';
import { describe, expect, it } from 'vitest';
import { dayLabel, fullness, localDay, pagesOf, showDates, showtimesOn } from './showtimes';

const at = (id: number, date: string, time: string, movie: number, theater: number) => ({
  ...show({ id, date, start_time: time }),
  starts_at: `${date}T${time}:00+05:30`,
  movie,
  movie_name: `Movie ${movie}`,
  theater,
  theater_name: `Theater ${theater}`,
});

describe('showtimes', () => {
  const shows = [
    at(1, '2026-11-28', '10:00', 7, 1),
    at(2, '2026-11-28', '13:00', 8, 2),
    at(3, '2026-11-28', '18:00', 7, 2),
    at(4, '2026-11-28', '21:00', 7, 1),
    at(5, '2026-11-30', '09:00', 8, 1),
    at(6, '2026-11-29', '12:00', 8, 1),
  ];

  it('lists the days that have shows, in order', () => {
    expect(showDates(shows)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(showDates([])).toEqual([]);
  });

  it('groups a day per movie, then per theater, each by its first show, shows by start', () => {
    const day = showtimesOn(shows, '2026-11-28');
    expect(
      day.map((movie) => [
        movie.movieName,
        movie.theaters.map((t) => [t.theaterName, t.shows.map((s) => s.id)]),
      ]),
    ).toEqual([
      [
        'Movie 7',
        [
          ['Theater 1', [1, 4]],
          ['Theater 2', [3]],
        ],
      ],
      ['Movie 8', [['Theater 2', [2]]]],
    ]);
    expect(showtimesOn(shows, '2026-12-01')).toEqual([]);
  });

  it('marks a show sold out at no seat left, nearly full at a tenth or less (at least one)', () => {
    expect(fullness({ total_seats: 100, available_seats: 0 })).toBe('Sold out');
    expect(fullness({ total_seats: 100, available_seats: 10 })).toBe('Nearly full');
    expect(fullness({ total_seats: 100, available_seats: 11 })).toBeNull();
    expect(fullness({ total_seats: 8, available_seats: 1 })).toBe('Nearly full');
    expect(fullness({ total_seats: 8, available_seats: 2 })).toBeNull();
  });

  it('names today and tomorrow, else the weekday, with the day and month', () => {
    expect(dayLabel('2026-11-28', '2026-11-28')).toEqual({ day: 'Today', date: '28 Nov' });
    expect(dayLabel('2026-11-29', '2026-11-28')).toEqual({ day: 'Tomorrow', date: '29 Nov' });
    expect(dayLabel('2026-12-01', '2026-11-28')).toEqual({ day: 'Tue', date: '1 Dec' });
    // Across a month and a year.
    expect(dayLabel('2027-01-01', '2026-12-31')).toEqual({ day: 'Tomorrow', date: '1 Jan' });
    expect(localDay(new Date(2026, 10, 5, 23, 30))).toBe('2026-11-05');
  });

  it('pages whole movies, at most the budget of showtimes a page unless one movie has more', () => {
    const movie = (id: number, count: number) => ({
      movieId: id,
      movieName: `Movie ${id}`,
      theaters: [
        {
          theaterId: 1,
          theaterName: 'Theater 1',
          shows: Array.from({ length: count }, (_, i) => show({ id: id * 100 + i })),
        },
      ],
    });
    const ids = (pages: ReturnType<typeof pagesOf>) => pages.map((p) => p.map((m) => m.movieId));
    expect(ids(pagesOf([movie(1, 5), movie(2, 5), movie(3, 3), movie(4, 2)], 12))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // A movie alone over the budget still has its page, whole.
    expect(ids(pagesOf([movie(1, 2), movie(2, 20), movie(3, 1)], 12))).toEqual([[1], [2], [3]]);
    expect(pagesOf([], 12)).toEqual([]);
  });
});
