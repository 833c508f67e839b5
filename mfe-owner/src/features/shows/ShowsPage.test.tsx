import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET shows/?page=1&page_size=20';

describe('ShowsPage', () => {
  it('lists shows with movie, theater, screen, date, times, seat counts and whether they are past', async () => {
    fakeApi({
      [FIRST_PAGE]: () =>
        json(
          200,
          paged([
            show({ screen: 3, screen_name: 'Audi 2' }),
            show({ id: 6, movie_name: 'Arrival', date: '2025-01-02', is_past: true }),
          ]),
        ),
    });
    renderApp('/owner/shows');

    expect(screen.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
    const cards = within(await screen.findByRole('list', { name: 'Shows' })).getAllByRole(
      'listitem',
    );
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2, name: 'Dune' })).toBeVisible();
    expect(first).toHaveTextContent('Upcoming');
    expect(first).toHaveTextContent('PVR Forum');
    expect(first).toHaveTextContent('ScreenAudi 2');
    expect(first).toHaveTextContent(formatDate('2026-11-21'));
    expect(first).toHaveTextContent('18:00 – 20:35');
    expect(first).toHaveTextContent('Total seats10');
    expect(first).toHaveTextContent('Booked seats2');
    expect(first).toHaveTextContent('Available seats8');
    expect(second).toHaveTextContent('Past');
    expect(second).not.toHaveTextContent('Upcoming');
  });

  it('Show Seats opens the seat layout with the show id in state and in the URL', async () => {
    fakeApi({
      [FIRST_PAGE]: () => json(200, paged([show({ id: 5 })])),
      'GET shows/5/': () => json(200, show({ id: 5 })),
      'GET shows/5/seats/': () => json(200, seatMap()),
    });
    const { user } = renderApp('/owner/shows');

    const button = await screen.findByRole('button', { name: 'Show Seats' });
    expect(button).toHaveAccessibleDescription('Dune');
    await user.click(button);

    await expectPath('/owner/seatlayout');
    expect(currentState()).toEqual({ showId: 5 });
    expect(currentSearch()).toBe('?show=5');
  });

  it('asks for page 2 on Next', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([show()], { count: 60 })),
      'GET shows/?page=2&page_size=20': () =>
        json(200, paged([show({ id: 40, movie_name: 'Arrival' })], { count: 60, page: 2 })),
    });
    const { user } = renderApp('/owner/shows');

    const pages = await screen.findByRole('navigation', { name: 'Show pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Arrival' })).toBeVisible();
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(api.callsTo('GET shows/?page=2&page_size=20')).toHaveLength(1);
  });

  it('searches on the server with q', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([show()])),
      'GET shows/?page=1&page_size=20&q=inox+mall': () =>
        json(200, paged([show({ id: 8, theater_name: 'INOX Mall' })])),
    });
    const { user } = renderApp('/owner/shows');
    await screen.findByRole('heading', { name: 'Dune' });

    await user.type(screen.getByRole('searchbox', { name: 'Search shows' }), 'inox mall');

    expect(await screen.findByText('INOX Mall')).toBeVisible();
    expect(api.callsTo('GET shows/?page=1&page_size=20&q=inox+mall')).toHaveLength(1);
  });

  it('says No shows found. when there are none', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(200, paged([])) });
    renderApp('/owner/shows');

    expect(await screen.findByText('No shows found.')).toBeVisible();
  });

  it('says Failed to load your shows where the list would be, once: no toast besides', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(503, {}) });
    renderApp('/owner/shows');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your shows');
    expect(screen.getAllByText('Failed to load your shows')).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
