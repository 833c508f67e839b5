import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { owner, paged } from '../../test/fixtures';
import { cellsOf, listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('OwnersPage', () => {
  it('lists owner accounts with how many theaters each has', async () => {
    fakeApi({
      [listRoute('signup/?role=owner', 1)]: () =>
        json(200, paged([owner(), owner({ id: 4, username: 'kiran', theater_count: 0 })])),
    });
    renderApp('/admin/owners');

    await screen.findByRole('table', { name: 'Owners' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Username',
      'Email',
      'Theaters',
      'Date joined',
    ]);
    expect(cellsOf(rowWith('Owners', 'ravi'))).toEqual([
      'ravi',
      'ravi@example.com',
      '2',
      formatDate('2026-01-15T10:00:00Z'),
    ]);
    expect(cellsOf(rowWith('Owners', 'kiran'))[2]).toBe('0');
  });
});
