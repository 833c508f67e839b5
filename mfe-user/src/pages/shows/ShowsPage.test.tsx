import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('ShowsPage', () => {
  it('lists upcoming shows a day at a time: a strip of days, each movie with its theaters and times', async () => {
    const api = fakeApi({
      'GET shows/': () =>
        json(200, [
          show(),
          show({ id: 6, movie: 7, movie_name: 'Arrival', start_time: '21:00', end_time: '23:00' }),
          show({ id: 7, theater: 2, theater_name: 'INOX Nexus', start_time: '19:00' }),
          show({
            id: 8,
            date: '2026-11-22',
            starts_at: '2026-11-22T12:30:00Z',
            movie_name: 'Dune',
          }),
        ]),
    });
    const { user } = renderApp('/user/shows');

    expect(screen.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
    const days = await screen.findByRole('tablist', { name: 'Show dates' });
    const tabs = within(days).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      expect.stringMatching(/21 Nov$/),
      expect.stringMatching(/22 Nov$/),
    ]);
    // The first day with shows is chosen.
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(formatDate('2026-11-21'));
    const movies = within(panel).getAllByRole('heading', { level: 2 });
    expect(movies.map((heading) => heading.textContent)).toEqual(['Dune', 'Arrival']);
    const dune = movies[0]?.closest('li') as HTMLElement;
    expect(
      within(dune)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['PVR Forum', 'INOX Nexus']);
    expect(dune).toHaveTextContent('18:00 – 20:35');
    expect(dune).toHaveTextContent('Total 10 · Booked 2 · Available 8');
    expect(within(dune).getAllByRole('button', { name: 'View Seats' })).toHaveLength(2);
    // Each 'View Seats' says which movie and time it opens, to a screen reader too.
    expect(
      within(dune).getAllByRole('button', { name: 'View Seats' })[0],
    ).toHaveAccessibleDescription('Dune 18:00 – 20:35 · Screen 1');

    // The next day, from the strip; the address keeps it.
    await user.click(tabs[1] as HTMLElement);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(formatDate('2026-11-22'));
    expect(screen.getAllByRole('button', { name: 'View Seats' })).toHaveLength(1);
    expect(currentSearch()).toBe('?date=2026-11-22');
    expect(api.calls.map((call) => call.path)).toEqual(['shows/']);
  });

  it('opens on the day of ?date=, and on the first day when that day has no shows', async () => {
    const shows = [
      show(),
      show({ id: 8, date: '2026-11-22', starts_at: '2026-11-22T12:30:00Z', movie_name: 'Tenet' }),
    ];
    fakeApi({ 'GET shows/': () => json(200, shows) });
    renderApp('/user/shows?date=2026-11-22');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tenet' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dune' })).toBeNull();
    cleanup();

    // A day with no shows, a year 0, a NUL, a page that is not one: the first day, page 1.
    for (const search of ['?date=2026-12-25', '?date=0000-01-01&page=-3', '?date=%00&page=x%00']) {
      renderApp(`/user/shows${search}`);
      expect(await screen.findByRole('heading', { level: 2, name: 'Dune' })).toBeVisible();
      expect(screen.getAllByRole('tab')[0]).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('heading', { name: 'Tenet' })).toBeNull();
      cleanup();
    }
  });

  it('pages a busy day by whole movies, and a new day starts on its first page', async () => {
    // Five movies of four shows each: 12 showtimes a page at most, so three movies, then two.
    const busy = Array.from({ length: 20 }, (_, index) =>
      show({
        id: 100 + index,
        movie: 1 + Math.floor(index / 4),
        movie_name: `Movie ${1 + Math.floor(index / 4)}`,
        starts_at: `2026-11-21T0${Math.floor(index / 4)}:${String(10 + (index % 4)).padStart(2, '0')}:00Z`,
      }),
    );
    const nextDay = show({ id: 9, date: '2026-11-22', starts_at: '2026-11-22T12:30:00Z' });
    fakeApi({ 'GET shows/': () => json(200, [...busy, nextDay]) });
    const { user } = renderApp('/user/shows');

    const movies = () =>
      within(screen.getByRole('list', { name: 'Shows' }))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);
    const pages = await screen.findByRole('navigation', { name: "Pages of the day's shows" });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(movies()).toEqual(['Movie 1', 'Movie 2', 'Movie 3']);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(movies()).toEqual(['Movie 4', 'Movie 5']);
    expect(currentSearch()).toBe('?date=2026-11-21&page=2');

    await user.click(screen.getAllByRole('tab')[1] as HTMLElement);
    expect(currentSearch()).toBe('?date=2026-11-22');
    expect(screen.queryByRole('navigation', { name: "Pages of the day's shows" })).toBeNull();
  });

  it('marks a sold-out show and a nearly full one in words', async () => {
    fakeApi({
      'GET shows/': () =>
        json(200, [
          show({ total_seats: 100, booked_seats: 100, available_seats: 0 }),
          show({
            id: 6,
            start_time: '20:00',
            total_seats: 100,
            booked_seats: 92,
            available_seats: 8,
          }),
          show({
            id: 7,
            start_time: '22:00',
            total_seats: 100,
            booked_seats: 10,
            available_seats: 90,
          }),
        ]),
    });
    renderApp('/user/shows');
    const times = (await screen.findAllByRole('button', { name: 'View Seats' })).map(
      (button) => button.parentElement?.textContent ?? '',
    );
    expect(times[0]).toContain('Sold out');
    expect(times[1]).toContain('Nearly full');
    expect(times[2]).not.toMatch(/Sold out|Nearly full/);
  });

  it('names each show’s screen and its lowest price', async () => {
    const screens = { screen: 2, accessible_release_at: '2026-11-21T10:30:00Z' };
    fakeApi({
      'GET shows/': () =>
        json(200, [
          { ...show(), ...screens, screen_name: 'Audi 2', min_price: 100, max_price: 350 },
          {
            ...show({ id: 6, start_time: '21:00' }),
            ...screens,
            screen_name: 'Screen 1',
            min_price: 100,
            max_price: 100,
          },
        ]),
    });
    renderApp('/user/shows');

    const [first, second] = (await screen.findAllByRole('button', { name: 'View Seats' })).map(
      (button) => button.parentElement as HTMLElement,
    );
    expect(first).toHaveTextContent('18:00 – 20:35 · Audi 2');
    expect(first).toHaveTextContent('From ₹100');
    expect(second).toHaveTextContent('Screen 1');
    expect(second).toHaveTextContent('Available 8 · ₹100');
    expect(second).not.toHaveTextContent('From');
  });

  it('shows only the chosen movie’s shows when navigation state has a movie id', async () => {
    const api = fakeApi({ 'GET shows/?movie=4': () => json(200, [show()]) });
    renderApp('/user/shows', { state: { movieId: 4 } });

    expect(await screen.findByRole('heading', { name: 'Dune', level: 2 })).toBeVisible();
    expect(screen.getByText('Dune', { selector: 'strong' })).toBeVisible();
    expect(api.callsTo('GET shows/?movie=4')).toHaveLength(1);
  });

  it('keeps the chosen movie when another day is chosen', async () => {
    const api = fakeApi({
      'GET shows/?movie=4': () =>
        json(200, [show(), show({ id: 8, date: '2026-11-22', starts_at: '2026-11-22T12:30:00Z' })]),
    });
    const { user } = renderApp('/user/shows', { state: { movieId: 4 } });
    const tabs = within(await screen.findByRole('tablist', { name: 'Show dates' })).getAllByRole(
      'tab',
    );
    await user.click(tabs[1] as HTMLElement);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(currentState()).toEqual({ movieId: 4 });
    expect(screen.getByText('Dune', { selector: 'strong' })).toBeVisible();
    expect(api.calls.map((call) => call.path)).toEqual(['shows/?movie=4']);
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

  it('says Error loading shows where the list would be, once: no toast besides', async () => {
    fakeApi({ 'GET shows/': () => json(503, {}) });
    renderApp('/user/shows');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading shows');
    expect(screen.getAllByText('Error loading shows')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
