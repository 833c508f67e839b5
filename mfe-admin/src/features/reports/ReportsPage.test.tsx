import type { ShowSales } from '@cinema/api-client';
import { currentSearch, deferred, fakeApi, json, signOut } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { salesReport } from '../../test/fixtures';
import { cellsOf, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';
import { loginAs } from '../../test/session';

const WEEK = '/reports?from=2026-11-01&to=2026-11-07';
const WEEK_CALL = 'GET reports/?from=2026-11-01&to=2026-11-07';

/** The value shown under one summary figure's label. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** `count` shows, 'Film 1' to 'Film {count}', each selling ten tickets more than the last. */
function manyShows(count: number): ShowSales[] {
  return Array.from({ length: count }, (_, index) => ({
    show_id: index + 1,
    movie_name: `Film ${index + 1}`,
    theater_name: 'PVR Forum',
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
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('ReportsPage', () => {
  it('shows the totals, formatted in rupees and percent, for all theaters to an admin', async () => {
    fakeApi({
      [WEEK_CALL]: () =>
        json(200, salesReport({ totals: { ...salesReport().totals, occupancy: 0.4262 } })),
    });
    renderApp(WEEK);

    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    expect(document.title).toBe('Reports · CineBook');
    expect(screen.getByText('All theaters')).toBeVisible();
    await screen.findByRole('heading', { name: 'Summary' });

    expect(figure('Tickets sold')).toBe('1,234');
    expect(figure('Cancellations')).toBe('56');
    expect(figure('Revenue')).toBe('₹1,23,400');
    expect(figure('Occupancy')).toBe('42.6%of 2,900 seats');
    expect(figure('Checked in')).toBe('1,100');
    expect(figure('No-shows')).toBe('110');
    expect(
      screen.getByText(`Shows from ${formatDate('2026-11-01')} to ${formatDate('2026-11-07')}`),
    ).toBeVisible();
  });

  it('says Your theaters to an owner', async () => {
    loginAs('owner', 3);
    fakeApi({ [WEEK_CALL]: () => json(200, salesReport()) });
    renderApp(WEEK);

    expect(screen.getByText('Your theaters')).toBeVisible();
    expect(screen.queryByText('All theaters')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeVisible();
  });

  it('charts revenue with one bar a day, each titled, under a summarising name', async () => {
    fakeApi({ [WEEK_CALL]: () => json(200, salesReport()) });
    renderApp(WEEK);

    const chart = await screen.findByRole('img', { name: /^Revenue per day/ });
    expect(chart).toHaveAccessibleName(
      `Revenue per day from ${formatDate('2026-11-01')} to ${formatDate('2026-11-07')}: ` +
        `₹1,23,400 in total over 7 days; highest ₹63,400 on ${formatDate('2026-11-05')}.`,
    );
    // The server sent two days; the week has seven, each with its bar.
    const bars = chart.querySelectorAll('g[data-point]');
    expect(bars).toHaveLength(7);
    expect([...bars].map((bar) => bar.getAttribute('data-point'))).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(bars[1]?.querySelector('title')?.textContent).toBe(
      `${formatDate('2026-11-02')}: ₹60,000 from 600 tickets`,
    );
    expect(bars[0]?.querySelector('title')?.textContent).toBe(
      `${formatDate('2026-11-01')}: ₹0 from 0 tickets`,
    );
  });

  it('offers the chart figures as a table', async () => {
    fakeApi({ [WEEK_CALL]: () => json(200, salesReport()) });
    const { user } = renderApp(WEEK);

    const toggle = await screen.findByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Revenue per day' })).toBeNull();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide the figures as a table');
    const table = screen.getByRole('table', { name: 'Revenue per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(cellsOf(rowWith('Revenue per day', formatDate('2026-11-05')))).toEqual([
      formatDate('2026-11-05'),
      '634',
      '36',
      '₹63,400',
    ]);
  });

  it('draws an occupancy bar per theater and breaks sales down by theater, movie and show', async () => {
    fakeApi({ [WEEK_CALL]: () => json(200, salesReport()) });
    renderApp(WEEK);

    const occupancy = await screen.findByRole('list', { name: 'Occupancy by theater' });
    const theaters = within(occupancy).getAllByRole('listitem');
    expect(theaters).toHaveLength(2);
    expect(theaters[0]).toHaveTextContent('PVR Forum52.6% · 1,000 of 1,900 seats');
    expect(theaters[1]).toHaveTextContent('INOX Mall23.4% · 234 of 1,000 seats');

    expect(cellsOf(rowWith('Sales by theater', 'PVR Forum'))).toEqual([
      'PVR Forum',
      '20',
      '1,000',
      '40',
      '₹1,00,000',
      '1,900',
      '52.6%',
      '900',
      '80',
    ]);
    expect(cellsOf(rowWith('Sales by movie', 'Arrival'))).toEqual([
      'Arrival',
      'INOX Mall',
      '10',
      '234',
      '16',
      '₹23,400',
      '1,000',
      '23.4%',
      '200',
      '30',
    ]);
    expect(cellsOf(rowWith('Sales by show', 'Dune'))).toEqual([
      'Dune',
      'PVR Forum',
      formatDate('2026-11-02'),
      '18:00',
      '60',
      '2',
      '₹6,000',
      '96',
      '62.5%',
      '55',
      '5',
    ]);
  });

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
    expect(cellsOf(rowWith(top, 'Film 30'))[4]).toBe('300'); // tickets sold

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

  it('asks for the last 30 days to the next 30 by default', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 15, 12, 0) });
    loginAs('admin');
    const api = fakeApi({
      'GET reports/?from=2026-10-16&to=2026-12-15': () =>
        json(200, salesReport({ from: '2026-10-16', to: '2026-12-15' })),
    });
    renderApp('/reports');

    expect(screen.getByLabelText('From')).toHaveValue('2026-10-16');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-15');
    const chart = await screen.findByRole('img', { name: /^Revenue per day/ });
    expect(chart.querySelectorAll('g[data-point]')).toHaveLength(61);
    expect(api.calls).toHaveLength(1);
  });

  it('sends the chosen From and To on Apply and keeps them in the URL', async () => {
    const api = fakeApi({
      [WEEK_CALL]: () => json(200, salesReport()),
      'GET reports/?from=2026-10-01&to=2026-10-31': () =>
        json(200, salesReport({ from: '2026-10-01', to: '2026-10-31', by_day: [] })),
    });
    const { user } = renderApp(WEEK);
    await screen.findByRole('heading', { name: 'Summary' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const chart = await screen.findByRole('img', { name: /^Revenue per day from/ });
    expect(api.callsTo('GET reports/?from=2026-10-01&to=2026-10-31')).toHaveLength(1);
    expect(currentSearch()).toBe('?from=2026-10-01&to=2026-10-31');
    expect(chart.querySelectorAll('g[data-point]')).toHaveLength(31);
    expect(chart).toHaveAccessibleName(expect.stringContaining('no revenue on any of the 31 days'));
  });

  it("shows the server's message for a reversed range", async () => {
    fakeApi({
      [WEEK_CALL]: () => json(200, salesReport()),
      'GET reports/?from=2026-11-30&to=2026-11-01': () =>
        json(400, {
          detail: 'The start date must not be after the end date.',
          error: 'The start date must not be after the end date.',
          code: 'invalid_range',
        }),
    });
    const { user } = renderApp(WEEK);
    await screen.findByRole('heading', { name: 'Summary' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-30');
  });

  it('asks for both dates before applying', async () => {
    const api = fakeApi({ [WEEK_CALL]: () => json(200, salesReport()) });
    const { user } = renderApp(WEEK);
    await screen.findByRole('heading', { name: 'Summary' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByText('Choose a start date.')).toBeVisible();
    expect(api.calls).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    expect(screen.queryByText('Choose a start date.')).toBeNull();
  });

  it('tells a customer whose area this is, with a link home, without calling the API', async () => {
    loginAs('user', 7);
    const api = fakeApi({});
    renderApp(WEEK);

    expect(
      screen.getByRole('heading', { level: 1, name: 'This area is for admins and theater owners' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute(
      'href',
      '/user/theaters',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByLabelText('From')).toBeNull();
    expect(screen.queryByText('All theaters')).toBeNull();
    expect(screen.queryByText('Your theaters')).toBeNull();
  });

  it('has a friendly empty state for a range without shows', async () => {
    fakeApi({
      [WEEK_CALL]: () =>
        json(
          200,
          salesReport({
            totals: {
              tickets_sold: 0,
              cancellations: 0,
              revenue: 0,
              capacity: 0,
              occupancy: 0,
              checked_in: 0,
              no_shows: 0,
            },
            by_theater: [],
            by_movie: [],
            by_show: [],
            by_day: [],
          }),
        ),
    });
    renderApp(WEEK);

    expect(
      await screen.findByText(
        `No shows between ${formatDate('2026-11-01')} and ${formatDate('2026-11-07')}. Try a wider date range to see sales.`,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeVisible();
  });

  it('shows a skeleton while loading, and an error with Retry when the report fails', async () => {
    const first = deferred<Response>();
    let attempts = 0;
    fakeApi({
      [WEEK_CALL]: () => {
        attempts += 1;
        return attempts === 1 ? first.promise : json(200, salesReport());
      },
    });
    const { user } = renderApp(WEEK);

    expect(screen.getByRole('status')).toHaveTextContent('Loading the report...');
    first.resolve(json(500, { detail: 'The server ran into a problem.' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be loaded.');
    expect(screen.queryByText('The server ran into a problem.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeVisible();
  });

  it('asks a visitor who is not logged in to log in, without calling the API', () => {
    signOut();
    const api = fakeApi({});
    renderApp(WEEK);

    expect(screen.getByRole('heading', { level: 1, name: 'Log in to see reports' })).toBeVisible();
    expect(screen.getByText('Please log in to continue.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/auth/login?next=${encodeURIComponent(WEEK)}`,
    );
    expect(api.calls).toHaveLength(0);
  });
});
