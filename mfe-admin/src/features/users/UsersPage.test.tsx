import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, paged } from '../../test/fixtures';
import { cellsOf, listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('UsersPage', () => {
  it('lists customer accounts with email and date joined', async () => {
    fakeApi({
      [listRoute('signup/?role=user', 1)]: () =>
        json(200, paged([account(), account({ id: 8, username: 'meera', email: 'm@x.in' })])),
    });
    renderApp('/admin/users');

    await screen.findByRole('table', { name: 'Users' });
    expect(cellsOf(rowWith('Users', 'asha'))).toEqual([
      'asha',
      'asha@example.com',
      formatDate('2026-03-02T10:00:00Z'),
    ]);
    expect(rowWith('Users', 'meera')).toHaveTextContent('m@x.in');
  });
});
