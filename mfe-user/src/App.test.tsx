import {
  expectLoginPrompt,
  expectPath,
  expectWrongRoleScreen,
  fakeApi,
  json,
  signIn,
  signOut,
} from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test/renderApp';

describe('App', () => {
  it('shows the 404 page for an unknown /user/ path', async () => {
    fakeApi({});
    const { user } = renderApp('/user/nowhere');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found...' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await expectPath('/');
  });

  it('sends /user to the dashboard', async () => {
    fakeApi({ 'GET theaters/': () => json(200, []) });
    renderApp('/user');

    await expectPath('/user/dashboard');
    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });
});

describe('who may see the customer area', () => {
  it.each(['/user/theaters', '/user/seat-layout?show=4', '/user/my-tickets', '/user/dashboard'])(
    'asks a logged-out visitor on %s to log in, once, and comes back there',
    (path) => {
      signOut();
      const api = fakeApi({});
      renderApp(path);

      expectLoginPrompt(path, 'Log in to book tickets', api.calls);
      expect(screen.queryByText('Failed to fetch theaters.')).toBeNull();
    },
  );

  it.each([
    ['owner', 'a theater owner', '/owner/theaters'],
    ['admin', 'an admin', '/admin/adminpanel'],
  ])('shows an %s on /user/my-tickets whose area it is, with a link home', (role, who, home) => {
    signIn({ id: 3, username: 'ravi', email: 'ravi@example.com', role });
    const api = fakeApi({});
    renderApp('/user/my-tickets');

    expectWrongRoleScreen('This area is for customers', who, home, api.calls);
  });
});
