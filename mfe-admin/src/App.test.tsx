import {
  expectLoginPrompt,
  expectPath,
  expectWrongRoleScreen,
  fakeApi,
  json,
  signOut,
} from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged } from './test/fixtures';
import { listRoute } from './test/lists';
import { renderApp } from './test/renderApp';
import { loginAs } from './test/session';

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

describe('who may see the admin area', () => {
  it.each(['/admin/adminpanel', '/admin/users', '/admin/releases'])(
    'asks a logged-out visitor on %s to log in, once, and comes back there',
    (path) => {
      signOut();
      const api = fakeApi({});
      renderApp(path);

      expectLoginPrompt(path, 'Log in to the admin area', api.calls);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it.each([
    ['user', 'a customer', '/user/theaters'],
    ['owner', 'a theater owner', '/owner/theaters'],
  ])('shows a %s on the admin panel whose area it is, with a link home', (role, who, home) => {
    loginAs(role, 7);
    const api = fakeApi({});
    renderApp('/admin/adminpanel');

    expectWrongRoleScreen('This area is for admins', who, home, api.calls);
    expect(document.title).toBe('This area is for admins · CineBook');
    expect(screen.queryByRole('navigation', { name: 'Admin panel sections' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
