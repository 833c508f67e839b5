import { currentSearch, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, booking, owner, paged, theater } from '../../test/fixtures';
import { listRoute, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';

describe('AdminPanelPage', () => {
  it('opens on Theaters and switches lists from the sidebar, keeping the tab in the URL', async () => {
    fakeApi({
      [listRoute('theaters/', 1)]: () => json(200, paged([theater()])),
      [listRoute('signup/?role=owner', 1)]: () => json(200, paged([owner({ theater_count: 3 })])),
      [listRoute('signup/?role=user', 1)]: () => json(200, paged([account()])),
    });
    const { user } = renderApp('/admin/adminpanel');

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    expect(document.title).toBe('Admin Panel · CineBook');
    const sidebar = screen.getByRole('navigation', { name: 'Admin panel sections' });
    expect(sidebar).toHaveTextContent('TheatersMoviesShowsBookingsOwnersUsersReleasesEmails');
    expect(screen.getByRole('button', { name: 'Theaters' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('cell', { name: 'PVR Forum' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Owners' }));
    expect(currentSearch()).toBe('?tab=owners');
    expect(screen.getByRole('heading', { level: 2, name: 'Owners' })).toBeVisible();
    await screen.findByRole('table', { name: 'Owners' });
    expect(rowWith('Owners', 'ravi')).toHaveTextContent('3');
    expect(screen.queryByRole('table', { name: 'Theaters' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Users' }));
    expect(currentSearch()).toBe('?tab=users');
    expect(await screen.findByRole('cell', { name: 'asha@example.com' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens on the tab the URL names', async () => {
    fakeApi({ [listRoute('bookings/admin/', 1)]: () => json(200, paged([booking()])) });
    renderApp('/admin/adminpanel?tab=bookings');

    expect(await screen.findByRole('table', { name: 'Bookings' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Bookings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('falls back to Theaters for a tab it does not know', async () => {
    fakeApi({ [listRoute('theaters/', 1)]: () => json(200, paged([])) });
    renderApp('/admin/adminpanel?tab=nonsense');

    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });

  it('starts a list afresh on page 1 when its tab is chosen again', async () => {
    const api = fakeApi({
      [listRoute('theaters/', 1)]: () => json(200, paged([theater()], { count: 30 })),
      [listRoute('theaters/', 2)]: () =>
        json(200, paged([theater({ id: 2, name: 'INOX Mall' })], { count: 30, page: 2 })),
      [listRoute('movies/', 1)]: () => json(200, paged([])),
    });
    const { user } = renderApp('/admin/adminpanel');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'INOX Mall' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Movies' }));
    expect(await screen.findByText('No movies found.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Theaters' }));

    expect(await screen.findByText('Page 1 of 2')).toBeVisible();
    expect(api.callsTo(listRoute('movies/', 1))).toHaveLength(1);
  });
});
