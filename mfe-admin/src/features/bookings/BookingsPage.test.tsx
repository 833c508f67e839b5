import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { booking, paged } from '../../test/fixtures';
import { cellsOf, listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('BookingsPage', () => {
  it('lists every booking with who booked it, the seat, price in rupees and status', async () => {
    fakeApi({
      [listRoute('bookings/admin/', 1)]: () =>
        json(
          200,
          paged([
            booking(),
            booking({
              id: 22,
              user_name: 'meera',
              seat: { id: 14, row: 'B', column: 4 },
              total_price: 1250,
              is_cancelled: true,
            }),
          ]),
        ),
    });
    renderApp('/admin/bookings');

    await screen.findByRole('table', { name: 'Bookings' });
    expect(cellsOf(rowWith('Bookings', 'asha'))).toEqual([
      'asha',
      'Dune',
      'PVR Forum',
      'A5',
      formatDate('2026-11-21'),
      '18:00',
      '₹100',
      '✓Confirmed',
    ]);
    const cancelled = rowWith('Bookings', 'meera');
    expect(cancelled).toHaveTextContent('B4');
    expect(cancelled).toHaveTextContent('₹1,250');
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(cancelled).not.toHaveTextContent('Confirmed');
  });
});
