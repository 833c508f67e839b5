import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seat, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

// A screen drawn in the layout editor (docs/decisions/0045-screens-and-seat-layouts.md): row A
// has an aisle at cell 3 and a blocked seat; row B, further back, Recliners, a wheelchair space
// with its companion seat. The API sends seats by row_pos, then x; `column` counts seats only.
const place = (column: number, x: number) => ({ column, x });
const SEATS = [
  { ...seat('A1'), ...place(1, 1) },
  { ...seat('A2', 'asha'), ...place(2, 2) },
  { ...seat('A3'), ...place(3, 4), kind: 'blocked' as const },
  { ...seat('A4'), ...place(4, 5) },
  {
    ...seat('B1', 'ravi'),
    ...place(1, 1),
    kind: 'wheelchair' as const,
    partner_x: 2,
    category: 'Recliner',
    price: 350,
  },
  {
    ...seat('B2'),
    ...place(2, 2),
    kind: 'companion' as const,
    partner_x: 1,
    category: 'Recliner',
    price: 350,
  },
  { ...seat('B3'), ...place(3, 4), category: 'Recliner', price: 350 },
];

function seatApi(seats = SEATS) {
  return fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5, min_price: 100, max_price: 350 })),
    'GET shows/5/seats/': () => json(200, seats),
  });
}

/** The grid column a seat's cell stands in (the first column holds the row's label). */
const gridColumn = (name: string) =>
  screen.getByRole('button', { name }).closest('[role="gridcell"]')?.getAttribute('style');

describe('SeatLayoutPage on a screen with aisles, categories and accessible seats', () => {
  it('places each seat at its cell, so an aisle shows as a gap, rows by row_pos', async () => {
    // Sent out of order: the map still draws the front row first, each row left to right.
    seatApi([...SEATS].reverse());
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    const a4 = await screen.findByRole('button', {
      name: 'Seat A4, Standard, ₹100, available',
    });
    expect(a4).toBeVisible();
    // A2 at cell 2, the aisle at cell 3, A3 at cell 4 (grid columns are cells + 1).
    expect(gridColumn('Seat A2, Standard, ₹100, booked by asha')).toContain('grid-column: 3');
    expect(gridColumn('Seat A3, not for sale')).toContain('grid-column: 5');
    expect(gridColumn('Seat A4, Standard, ₹100, available')).toContain('grid-column: 6');
    const rows = screen.getAllByRole('row').map((row) => row.getAttribute('aria-label'));
    expect(rows).toEqual(['Row A', 'Row B']);
    expect(
      within(screen.getByRole('row', { name: 'Row A' }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')?.split(',')[0]),
    ).toEqual(['Seat A1', 'Seat A2', 'Seat A3', 'Seat A4']);
    // Cells are not seat numbers here: no column numbers over the map.
    expect(document.querySelectorAll('.columnNumber')).toHaveLength(0);
  });

  it('names blocked seats, wheelchair spaces and companion seats, and keeps who booked them', async () => {
    seatApi();
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    const blocked = await screen.findByRole('button', { name: 'Seat A3, not for sale' });
    expect(blocked).toHaveTextContent('⊘');
    expect(blocked).toHaveAttribute('title', 'Not for sale');
    const space = screen.getByRole('button', {
      name: 'Seat B1, wheelchair space, Recliner, ₹350, booked by ravi',
    });
    expect(space).toHaveTextContent('✕');
    expect(space).toHaveAttribute('title', 'Booked by: ravi · Wheelchair space');
    const companion = screen.getByRole('button', {
      name: 'Seat B2, companion seat, Recliner, ₹350, available',
    });
    expect(companion).toHaveTextContent('+');
    expect(screen.getByRole('button', { name: /^Seat A2, .*booked by asha$/ })).toHaveAttribute(
      'title',
      'Booked by: asha',
    );
    // Blocked seats are never sold: 2 of the 6 seats for sale are booked.
    expect(screen.getByText('2 of 6 booked')).toBeVisible();
  });

  it('has a legend of the marks and of the show’s categories with their prices', async () => {
    seatApi();
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    await screen.findByRole('button', { name: 'Seat A3, not for sale' });
    const legend = screen.getByRole('list', { name: 'Seat legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A1Available',
      '✕Booked',
      '♿Wheelchair space',
      '+Companion seat (beside a wheelchair space)',
    ]);
    const categories = screen.getByRole('list', { name: 'Seat categories' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Recliner ₹350', 'Standard ₹100', '⊘Not for sale']);
  });

  it('on a plain rectangle of one category: column numbers, the price, no category in names', async () => {
    seatApi(['A1', 'A2', 'A3'].map((label) => seat(label)));
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    expect(await screen.findByRole('button', { name: 'Seat A3, available' })).toBeVisible();
    const categories = screen.getByRole('list', { name: 'Seat categories' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Standard ₹100']);
    expect([...document.querySelectorAll('.columnNumber')].map((n) => n.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
});
