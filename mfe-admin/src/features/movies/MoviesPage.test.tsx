import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, paged } from '../../test/fixtures';
import { cellsOf, listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('MoviesPage', () => {
  it('lists each movie with language, duration, release date and theater', async () => {
    fakeApi({
      [listRoute('movies/', 1)]: () =>
        json(200, paged([movie(), movie({ id: 6, title: 'Arrival', theater_name: 'INOX Mall' })])),
    });
    renderApp('/admin/movies');

    await screen.findByRole('table', { name: 'Movies' });
    expect(cellsOf(rowWith('Movies', 'Dune'))).toEqual([
      'Dune',
      'English',
      '155 mins',
      formatDate('2026-11-01'),
      'PVR Forum',
    ]);
    expect(rowWith('Movies', 'Arrival')).toHaveTextContent('INOX Mall');
  });
});
