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
import { renderApp } from './test/renderApp';
import { loginAs } from './test/session';

describe('owner routes', () => {
  it('sends /owner to the dashboard', async () => {
    renderApp('/owner');

    await expectPath('/owner/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it.each([
    ['/owner/theaters', 'Theaters', 'GET theaters/?page=1&page_size=20'],
    ['/owner/movies', 'Movies', 'GET movies/?page=1&page_size=20'],
    ['/owner/shows', 'Shows', 'GET shows/?page=1&page_size=20'],
    ['/owner/add-theater', 'Add Theater', null],
    ['/owner/add-movie', 'Add Movie', 'GET theaters/?page=1&page_size=100'],
    ['/owner/add-show', 'Add Show', 'GET theaters/?page=1&page_size=100'],
    ['/owner/bookings', 'Bookings', 'GET bookings/owner/?page=1&page_size=20'],
    ['/owner/seatlayout', 'Seat Layout', null],
    ['/owner/checkin', 'Check-in', 'GET tickets/check-in/shows/'],
    ['/owner/door-staff', 'Door staff', 'GET door-staff/'],
  ])('%s is titled %s', async (path, title, call) => {
    // A list answers an empty page; the door's shows an empty array.
    const empty =
      path === '/owner/checkin' ? [] : path === '/owner/door-staff' ? { results: [] } : paged([]);
    fakeApi({
      ...(call ? { [call]: () => json(200, empty) } : {}),
      // The door staff page also lists the ticket signing keys (pages/door/DoorPage.tsx).
      'GET tickets/signing-keys/': () => json(200, { results: [] }),
    });
    renderApp(path);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(document.title).toBe(`${title} · CineBook`);
    // Let the first answer arrive before the test ends.
    if (call) await screen.findByText(/No |You have no theaters/);
  });

  it('answers an unknown owner path with the not-found page', () => {
    renderApp('/owner/somewhere');

    expect(screen.getByRole('heading', { name: 'Page not found...' })).toBeVisible();
  });
});

describe('who may see the owner area', () => {
  it.each(['/owner/theaters', '/owner/dashboard', '/owner/seatlayout?show=4', '/owner/checkin'])(
    'asks a logged-out visitor on %s to log in, once, and comes back there',
    (path) => {
      signOut();
      const api = fakeApi({});
      renderApp(path);

      expectLoginPrompt(path, 'Log in to manage your theaters', api.calls);
      expect(screen.queryByText(/Failed to|could not be loaded/)).toBeNull();
    },
  );

  it.each([
    ['user', 'a customer', '/user/theaters'],
    ['admin', 'an admin', '/admin/adminpanel'],
  ])('shows a %s on /owner/theaters whose area it is, with a link home', (role, who, home) => {
    loginAs(role, 7);
    const api = fakeApi({});
    renderApp('/owner/theaters');

    expectWrongRoleScreen('This area is for theater owners', who, home, api.calls);
    expect(screen.queryByText('The theaters you own.')).toBeNull();
  });
});

describe('door staff in the owner area', () => {
  it('opens the check-in to a door account', async () => {
    loginAs('door', 9);
    fakeApi({ 'GET tickets/check-in/shows/': () => json(200, []) });
    renderApp('/owner/checkin');

    expect(screen.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await screen.findByText(/No /);
  });

  it.each(['/owner/theaters', '/owner/dashboard', '/owner/door-staff', '/owner/seatlayout?show=4'])(
    'shows a door account on %s whose area it is, with a link to its check-in',
    (path) => {
      loginAs('door', 9);
      const api = fakeApi({});
      renderApp(path);

      expectWrongRoleScreen(
        'This area is for theater owners',
        'door staff',
        '/owner/checkin',
        api.calls,
      );
    },
  );
});
