import { expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged } from './test/fixtures';
import { listRoute } from './test/lists';
import { renderApp } from './test/renderApp';

describe('App', () => {
  it('sends /admin to the admin panel', async () => {
    fakeApi({ [listRoute('theaters/', 1)]: () => json(200, paged([])) });
    renderApp('/admin');

    await expectPath('/admin/adminpanel');
    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });

  it('shows the 404 page for an unknown /admin/ path', async () => {
    fakeApi({});
    const { user } = renderApp('/admin/nowhere');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found...' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await expectPath('/');
  });

  it.each([
    ['/admin/theaters', 'Theaters'],
    ['/admin/movies', 'Movies'],
    ['/admin/shows', 'Shows'],
    ['/admin/bookings', 'Bookings'],
    ['/admin/owners', 'Owners'],
    ['/admin/users', 'Users'],
    ['/reports', 'Reports'],
  ])('titles %s %s', (path, title) => {
    fakeApi({});
    renderApp(path);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
