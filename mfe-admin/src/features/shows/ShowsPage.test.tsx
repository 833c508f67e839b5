import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, show } from '../../test/fixtures';
import { cellsOf, listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('ShowsPage', () => {
  it('lists past and upcoming shows with their screens, times and seat counts', async () => {
    fakeApi({
      [listRoute('shows/', 1)]: () =>
        json(
          200,
          paged([
            show({ screen: 3, screen_name: 'Audi 2' }),
            show({ id: 8, movie_name: 'Arrival', date: '2026-10-02', is_past: true }),
          ]),
        ),
    });
    renderApp('/admin/shows');

    await screen.findByRole('table', { name: 'Shows' });
    expect(cellsOf(rowWith('Shows', 'Dune'))).toEqual([
      'Dune',
      'PVR Forum',
      'Audi 2',
      formatDate('2026-11-21'),
      '18:00 – 20:35',
      '96',
      '10',
      '86',
      '✓Upcoming',
    ]);
    expect(rowWith('Shows', 'Arrival')).toHaveTextContent('Past');
    expect(rowWith('Shows', 'Arrival')).not.toHaveTextContent('Upcoming');
  });
});
