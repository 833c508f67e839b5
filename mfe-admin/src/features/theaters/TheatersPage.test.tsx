import { fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, theater } from '../../test/fixtures';
import { cellsOf, listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('TheatersPage', () => {
  it('lists each theater with its location, owner and seat layout', async () => {
    fakeApi({
      [listRoute('theaters/', 1)]: () =>
        json(
          200,
          paged([
            theater(),
            theater({ id: 2, name: 'INOX Mall', location: 'Whitefield', owner_name: 'kiran' }),
          ]),
        ),
    });
    renderApp('/admin/theaters');

    await screen.findByRole('table', { name: 'Theaters' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Location',
      'Owner',
      'Layout',
    ]);
    expect(cellsOf(rowWith('Theaters', 'PVR Forum'))).toEqual([
      'PVR Forum',
      'Koramangala, Bengaluru',
      'ravi',
      '8 rows × 12 seats',
    ]);
    expect(rowWith('Theaters', 'INOX Mall')).toHaveTextContent('kiran');
    expect(screen.getByText('2 results')).toBeVisible();
  });
});
