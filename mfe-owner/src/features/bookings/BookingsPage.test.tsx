import { fakeApi, json } from '@cinema/test-utils';
import { formatRupees } from '@cinema/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { booking, paged } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET bookings/owner/?page=1&page_size=20';

describe('BookingsPage', () => {
  it('shows who booked which seat of which show, the price and the status', async () => {
    fakeApi({
      [FIRST_PAGE]: () =>
        json(
          200,
          paged([
            booking(),
            booking({
              id: 22,
              user_name: 'vikram',
              seat: { id: 12, row: 'B', column: 2 },
              total_price: 100,
              is_cancelled: true,
            }),
          ]),
        ),
    });
    renderApp('/owner/bookings');

    expect(screen.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Bookings on your theaters' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Booked by', 'Movie', 'Theater', 'Seat', 'Show', 'Price', 'Status']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'asha',
      'Dune',
      'PVR Forum',
      'A5',
      'Sat, 21 Nov 2026 · 18:00',
      formatRupees(100),
      '✓Confirmed',
    ]);
    expect(second).toHaveTextContent('vikram');
    expect(second).toHaveTextContent('B2');
    expect(second).toHaveTextContent('₹100');
    expect(second).toHaveTextContent('Cancelled');
  });

  it('asks for page 2 on Next, and searches with q', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([booking()], { count: 25 })),
      'GET bookings/owner/?page=2&page_size=20': () =>
        json(200, paged([booking({ id: 40, user_name: 'meera' })], { count: 25, page: 2 })),
      'GET bookings/owner/?page=1&page_size=20&q=meera': () =>
        json(200, paged([booking({ id: 40, user_name: 'meera' })])),
    });
    const { user } = renderApp('/owner/bookings');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'meera' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Booking pages' })).toHaveTextContent(
      'Page 2 of 2',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search bookings' }), 'meera');
    // One match: a single page, so no page navigation.
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Booking pages' })).toBeNull(),
    );
    expect(screen.getByRole('cell', { name: 'meera' })).toBeVisible();
    expect(api.callsTo('GET bookings/owner/?page=1&page_size=20&q=meera')).toHaveLength(1);
  });

  it('says No bookings available when there are none', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(200, paged([])) });
    renderApp('/owner/bookings');

    expect(await screen.findByText('No bookings available')).toBeVisible();
  });

  it('says Failed to fetch bookings where the list would be, once: no toast besides', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(500, {}) });
    renderApp('/owner/bookings');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch bookings');
    expect(screen.getAllByText('Failed to fetch bookings')).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
