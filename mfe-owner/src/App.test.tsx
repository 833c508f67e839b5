import { expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged } from './test/fixtures';
import { renderApp } from './test/renderApp';

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
  ])('%s is titled %s', async (path, title, call) => {
    fakeApi(call ? { [call]: () => json(200, paged([])) } : {});
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
