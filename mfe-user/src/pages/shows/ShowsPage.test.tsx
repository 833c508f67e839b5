import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('ShowsPage', () => {
  it('lists all upcoming shows on a deep link with no navigation state', async () => {
    const api = fakeApi({
      'GET shows/': () => json(200, [show(), show({ id: 6, movie_name: 'Arrival' })]),
    });
    renderApp('/user/shows');

    expect(screen.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
    const cards = within(await screen.findByRole('list', { name: 'Shows' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(first).toHaveTextContent('PVR Forum');
    expect(first).toHaveTextContent(formatDate('2026-11-21'));
    expect(first).toHaveTextContent('18:00 – 20:35');
    expect(first).toHaveTextContent('Total seats10');
    expect(first).toHaveTextContent('Booked seats2');
    expect(first).toHaveTextContent('Available seats8');
    expect(api.calls.map((call) => call.path)).toEqual(['shows/']);
  });

  it('names each show’s screen and its lowest price', async () => {
    const screens = { screen: 2, accessible_release_at: '2026-11-21T10:30:00Z' };
    fakeApi({
      'GET shows/': () =>
        json(200, [
          { ...show(), ...screens, screen_name: 'Audi 2', min_price: 100, max_price: 350 },
          {
            ...show({ id: 6 }),
            ...screens,
            screen_name: 'Screen 1',
            min_price: 100,
            max_price: 100,
          },
        ]),
    });
    renderApp('/user/shows');

    const [first, second] = within(await screen.findByRole('list', { name: 'Shows' })).getAllByRole(
      'listitem',
    );
    expect(first).toHaveTextContent('ScreenAudi 2');
    expect(first).toHaveTextContent('PriceFrom ₹100');
    expect(second).toHaveTextContent('ScreenScreen 1');
    expect(within(second as HTMLElement).getByText('₹100')).toBeVisible();
    expect(second).not.toHaveTextContent('From');
  });

  it('shows only the chosen movie’s shows when navigation state has a movie id', async () => {
    const api = fakeApi({ 'GET shows/?movie=4': () => json(200, [show()]) });
    renderApp('/user/shows', { state: { movieId: 4 } });

    expect(await screen.findByRole('heading', { name: 'Dune', level: 2 })).toBeVisible();
    expect(screen.getByText('Dune', { selector: 'strong' })).toBeVisible();
    expect(api.callsTo('GET shows/?movie=4')).toHaveLength(1);
  });

  it('prefers navigation state over ?movie=, and names the movie when it has no shows', async () => {
    const api = fakeApi({
      'GET shows/?movie=4': () => json(200, []),
      'GET movies/': () => json(200, [movie({ id: 4, title: 'Dune' })]),
    });
    renderApp('/user/shows?movie=9', { state: { movieId: 4 } });

    expect(await screen.findByText('No shows found.')).toBeVisible();
    expect(await screen.findByText('Dune', { selector: 'strong' })).toBeVisible();
    expect(api.callsTo('GET shows/?movie=9')).toHaveLength(0);
  });

  it('View Seats goes to the seat layout with the show id in navigation state', async () => {
    fakeApi({
      'GET shows/': () => json(200, [show({ id: 5 })]),
      'GET shows/5/': () => json(200, show({ id: 5 })),
      'GET shows/5/seats/': () => json(200, []),
    });
    const { user } = renderApp('/user/shows');

    await user.click(await screen.findByRole('button', { name: 'View Seats' }));

    await expectPath('/user/seat-layout');
    expect(currentState()).toEqual({ showId: 5 });
    expect(currentSearch()).toBe('?show=5');
  });

  it('says No shows found. when there are none', async () => {
    fakeApi({ 'GET shows/': () => json(200, []) });
    renderApp('/user/shows');

    expect(await screen.findByText('No shows found.')).toBeVisible();
  });

  it('toasts Error loading shows when the list cannot be loaded', async () => {
    fakeApi({ 'GET shows/': () => json(503, {}) });
    renderApp('/user/shows');

    expect(await screen.findByText('Error loading shows')).toBeVisible();
  });
});
