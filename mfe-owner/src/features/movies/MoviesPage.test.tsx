import { fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, paged } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET movies/?page=1&page_size=20';

describe('MoviesPage', () => {
  it('lists the movies of the owner’s theaters with every detail', async () => {
    fakeApi({
      [FIRST_PAGE]: () =>
        json(200, paged([movie(), movie({ id: 5, title: 'Arrival', language: 'Hindi' })])),
    });
    renderApp('/owner/movies');

    expect(screen.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
    const cards = within(await screen.findByRole('list', { name: 'Movies' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 2, name: 'Dune' })).toBeVisible();
    expect(first).toHaveTextContent('A desert planet and its spice.');
    expect(first).toHaveTextContent('155 mins');
    expect(first).toHaveTextContent('English');
    expect(first).toHaveTextContent(formatDate('2026-11-01'));
    expect(first).toHaveTextContent('PVR Forum');
    expect(cards[1]).toHaveTextContent('Hindi');
  });

  it('asks for page 2 on Next', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([movie()], { count: 21 })),
      'GET movies/?page=2&page_size=20': () =>
        json(200, paged([movie({ id: 30, title: 'Arrival' })], { count: 21, page: 2 })),
    });
    const { user } = renderApp('/owner/movies');

    const pages = await screen.findByRole('navigation', { name: 'Movie pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Arrival' })).toBeVisible();
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.callsTo('GET movies/?page=2&page_size=20')).toHaveLength(1);
  });

  it('searches on the server with q, once typing pauses', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([movie()])),
      'GET movies/?page=1&page_size=20&q=arr': () => json(200, paged([])),
    });
    const { user } = renderApp('/owner/movies');
    await screen.findByRole('heading', { name: 'Dune' });

    await user.type(screen.getByRole('searchbox', { name: 'Search movies' }), 'arr');

    expect(await screen.findByText('No movies found.')).toBeVisible();
    expect(api.callsTo('GET movies/?page=1&page_size=20&q=arr')).toHaveLength(1);
  });

  it('says No movies found. when there are none', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(200, paged([])) });
    renderApp('/owner/movies');

    expect(await screen.findByText('No movies found.')).toBeVisible();
  });

  it('says Failed to load your movies where the list would be, once: no toast besides', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(500, {}) });
    renderApp('/owner/movies');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your movies');
    expect(screen.getAllByText('Failed to load your movies')).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
