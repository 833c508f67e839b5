import { deferred, fakeApi, json, signOut } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
      'Screen 1',
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
