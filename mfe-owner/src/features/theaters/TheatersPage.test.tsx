import { currentSearch, fakeApi, json } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET theaters/?page=1&page_size=20';

describe('TheatersPage', () => {
  it('lists the owner’s theaters with name and location, and links each to its screens', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () =>
        json(
          200,
          paged([
            theater(),
            theater({
              id: 2,
              name: 'INOX Mall',
              location: 'Whitefield',
              rows: 5,
              seats_per_row: 10,
            }),
          ]),
        ),
    });
    renderApp('/owner/theaters');

    expect(screen.getByRole('heading', { level: 1, name: 'Theaters' })).toBeVisible();
    expect(document.title).toBe('Theaters · CineBook');
    expect(screen.getByRole('status')).toHaveTextContent('Loading theaters...');

    const cards = within(await screen.findByRole('list', { name: 'Theaters' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2, name: 'PVR Forum' })).toBeVisible();
    expect(first).toHaveTextContent('Koramangala, Bengaluru');
    // Not the first screen's size as the theater's: its screens are on its Screens page.
    expect(first).not.toHaveTextContent(/Layout|Capacity|per row/);
    expect(within(first).getByRole('link', { name: 'Screens' })).toHaveAttribute(
      'href',
      '/owner/theaters/1/screens',
    );
    expect(second).toHaveTextContent('INOX Mall');
    // One page: no page navigation.
    expect(screen.queryByRole('navigation', { name: 'Theater pages' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Theater' })).toHaveAttribute(
      'href',
      '/owner/add-theater',
    );
    expect(api.calls.map((call) => call.path)).toEqual(['theaters/?page=1&page_size=20']);
  });

  it('pages with Previous and Next, asking the server for page 2', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([theater()], { count: 45 })),
      'GET theaters/?page=2&page_size=20': () =>
        json(200, paged([theater({ id: 21, name: 'Cinepolis' })], { count: 45, page: 2 })),
    });
    const { user } = renderApp('/owner/theaters');

    const pages = await screen.findByRole('navigation', { name: 'Theater pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Cinepolis' })).toBeVisible();
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(api.callsTo('GET theaters/?page=2&page_size=20')).toHaveLength(1);
    expect(currentSearch()).toBe('?page=2');

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'PVR Forum' })).toBeVisible();
    expect(pages).toHaveTextContent('Page 1 of 3');
  });

  it('opens on the page in the URL, and its Next stops at the last page', async () => {
    fakeApi({
      'GET theaters/?page=3&page_size=20': () =>
        json(200, paged([theater()], { count: 45, page: 3 })),
    });
    renderApp('/owner/theaters?page=3');

    const pages = await screen.findByRole('navigation', { name: 'Theater pages' });
    expect(pages).toHaveTextContent('Page 3 of 3');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('goes to the last page when the URL names a page past the end', async () => {
    const api = fakeApi({
      'GET theaters/?page=9&page_size=20': () => json(200, paged([], { count: 45, page: 9 })),
      'GET theaters/?page=3&page_size=20': () =>
        json(200, paged([theater({ id: 41, name: 'Last One' })], { count: 45, page: 3 })),
    });
    renderApp('/owner/theaters?page=9');

    expect(await screen.findByRole('heading', { name: 'Last One' })).toBeVisible();
    expect(currentSearch()).toBe('?page=3');
    expect(api.calls.map((call) => call.path)).toEqual([
      'theaters/?page=9&page_size=20',
      'theaters/?page=3&page_size=20',
    ]);
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([theater()], { count: 45 })),
      'GET theaters/?page=2&page_size=20': () =>
        json(200, paged([theater({ id: 21 })], { count: 45, page: 2 })),
      'GET theaters/?page=1&page_size=20&q=inox': () =>
        json(200, paged([theater({ id: 2, name: 'INOX Mall' })])),
    });
    const { user } = renderApp('/owner/theaters');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('GET theaters/?page=2&page_size=20')).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'Search theaters' }), '  inox');

    expect(await screen.findByRole('heading', { name: 'INOX Mall' })).toBeVisible();
    // One call for the whole word, not one per key.
    expect(api.calls.filter((call) => call.path.includes('q='))).toHaveLength(1);
    expect(currentSearch()).toBe('?q=inox');
  });

  it('says No theaters found. when there are none', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(200, paged([])) });
    renderApp('/owner/theaters');

    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });

  it('says Failed to load your theaters where the list would be, once: no toast besides', async () => {
    fakeApi({ [FIRST_PAGE]: () => json(500, { detail: 'Boom' }) });
    renderApp('/owner/theaters');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your theaters');
    expect(screen.getAllByText('Failed to load your theaters')).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
