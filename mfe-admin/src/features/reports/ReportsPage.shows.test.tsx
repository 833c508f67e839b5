// The sales by show: the best-selling first, cut to the top 20 with a toggle, and what a long
// range that brought only the server's top rows says.
import type { ShowSales } from '@cinema/api-client';
import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { salesReport } from '../../test/fixtures';
import { cellsOf, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

const WEEK = '/reports?from=2026-11-01&to=2026-11-07';
const WEEK_CALL = 'GET reports/?from=2026-11-01&to=2026-11-07';

/** `count` shows, 'Film 1' to 'Film {count}', each selling ten tickets more than the last. */
function manyShows(count: number): ShowSales[] {
  return Array.from({ length: count }, (_, index) => ({
    show_id: index + 1,
    movie_name: `Film ${index + 1}`,
    theater_name: 'PVR Forum',
    screen_name: 'Screen 1',
    date: '2026-11-03',
    start_time: '18:00',
    tickets_sold: (index + 1) * 10,
    cancellations: 0,
    revenue: (index + 1) * 1000,
    capacity: 500,
    occupancy: ((index + 1) * 10) / 500,
    checked_in: 0,
    no_shows: 0,
  }));
}

/** The movie named in each body row of a table, top to bottom. */
function moviesIn(tableName: string): string[] {
  const table = screen.getByRole('table', { name: tableName });
  return [...table.querySelectorAll('tbody tr')].map(
    (row) => row.querySelector('td')?.textContent ?? '',
  );
}

// Tables of 20 to 31 rows: role queries over them take seconds in jsdom on a loaded machine.
describe('ReportsPage', { timeout: 30_000 }, () => {
  it('lists the 20 best-selling shows first, ties by date, and shows all of them on demand', async () => {
    // Listed worst-selling first; a later show ties with the best seller and comes after it.
    const tie: ShowSales = {
      ...manyShows(30)[29],
      show_id: 99,
      movie_name: 'Film tie',
      date: '2026-11-04',
    } as ShowSales;
    const shows = [tie, ...manyShows(30)];
    fakeApi({ [WEEK_CALL]: () => json(200, salesReport({ by_show: shows })) });
    const { user } = renderApp(WEEK);

    const top = 'Top 20 of 31 shows by tickets sold';
    await screen.findByRole('table', { name: top });
    expect(moviesIn(top)).toEqual([
      'Film 30',
      'Film tie',
      ...Array.from({ length: 18 }, (_, index) => `Film ${29 - index}`),
    ]);
    expect(cellsOf(rowWith(top, 'Film 30'))[5]).toBe('300'); // tickets sold

    const toggle = screen.getByRole('button', { name: 'Show all 31 shows' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Show fewer');
    const all = 'All 31 shows by tickets sold';
    expect(moviesIn(all)).toHaveLength(31);
    expect(moviesIn(all).slice(-3)).toEqual(['Film 3', 'Film 2', 'Film 1']);

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Show all 31 shows');
    expect(moviesIn(top)).toHaveLength(20);
    // The other breakdowns are not cut short.
    expect(screen.getByRole('table', { name: 'Sales by theater' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Sales by movie' })).toBeVisible();
  });

  it('says when a long range brought only the best-selling shows and movies', async () => {
    // The server lists at most 200 of each; here 30 of 17,250 shows and 2 of 480 movies.
    fakeApi({
      [WEEK_CALL]: () =>
        json(200, salesReport({ by_show: manyShows(30), show_count: 17250, movie_count: 480 })),
    });
    const { user } = renderApp(WEEK);

    const top = 'Top 20 of 17,250 shows by tickets sold';
    await screen.findByRole('table', { name: top });
    expect(moviesIn(top)).toHaveLength(20);
    expect(screen.getByText('Choose fewer days to see every show.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show the top 30' });
    await user.click(toggle);

    expect(moviesIn('Top 30 of 17,250 shows by tickets sold')).toHaveLength(30);
    expect(toggle).toHaveTextContent('Show fewer');
    expect(moviesIn('Top 2 of 480 movies by tickets sold')).toEqual(['Dune', 'Arrival']);
  });

  it('lists 20 shows or fewer in full, best-selling first, without a toggle', async () => {
    fakeApi({
      [WEEK_CALL]: () => json(200, salesReport({ by_show: manyShows(20) })),
      'GET reports/?from=2026-10-01&to=2026-10-31': () =>
        json(200, salesReport({ from: '2026-10-01', to: '2026-10-31' })),
    });
    const { user } = renderApp(WEEK);

    await screen.findByRole('table', { name: 'Sales by show' });
    expect(moviesIn('Sales by show')).toEqual(
      Array.from({ length: 20 }, (_, index) => `Film ${20 - index}`),
    );
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    // The fixture's two shows: Dune sold 60, Arrival 30.
    await screen.findByText(
      `Shows from ${formatDate('2026-10-01')} to ${formatDate('2026-10-31')}`,
    );
    expect(moviesIn('Sales by show')).toEqual(['Dune', 'Arrival']);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });
});
