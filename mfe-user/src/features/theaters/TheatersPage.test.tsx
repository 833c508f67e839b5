import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('TheatersPage', () => {
  it('lists theaters with name and location, and is titled Theaters', async () => {
    fakeApi({
      'GET theaters/': () =>
        json(200, [theater(), theater({ id: 2, name: 'INOX Mall', location: 'Whitefield' })]),
    });
    renderApp('/user/theaters');

    expect(screen.getByRole('heading', { level: 1, name: 'Theaters' })).toBeVisible();
    expect(document.title).toBe('Theaters · CineBook');
    expect(screen.getByRole('status')).toHaveTextContent('Loading theaters...');

    const list = await screen.findByRole('list', { name: 'Theaters' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(
      within(cards[0] as HTMLElement).getByRole('heading', { name: 'PVR Forum' }),
    ).toBeVisible();
    expect(cards[0]).toHaveTextContent('Koramangala, Bengaluru');
    expect(cards[1]).toHaveTextContent('INOX Mall');
    expect(cards[1]).toHaveTextContent('Whitefield');
  });

  it('View Running Movies goes to movies with the theater id in navigation state', async () => {
    fakeApi({
      'GET theaters/': () => json(200, [theater({ id: 3 })]),
      'GET movies/?theater=3': () => json(200, []),
    });
    const { user } = renderApp('/user/theaters');

    await user.click(await screen.findByRole('button', { name: 'View Running Movies' }));

    await expectPath('/user/movies');
    expect(currentState()).toEqual({ theaterId: 3 });
    expect(currentSearch()).toBe('?theater=3');
  });

  it('lists a chain’s theaters ten a page; the page is in the address', async () => {
    fakeApi({
      'GET theaters/': () =>
        json(
          200,
          Array.from({ length: 12 }, (_, index) =>
            theater({ id: index + 1, name: `Theater ${index + 1}` }),
          ),
        ),
    });
    const { user } = renderApp('/user/theaters');
    const names = () =>
      within(screen.getByRole('list', { name: 'Theaters' }))
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
    const pages = await screen.findByRole('navigation', { name: 'Theaters pages' });
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Theater 1');
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(['Theater 11', 'Theater 12']);
    expect(currentSearch()).toBe('?page=2');
  });

  it('says No theaters found. when there are none', async () => {
    fakeApi({ 'GET theaters/': () => json(200, []) });
    renderApp('/user/theaters');

    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });

  it('says Failed to fetch theaters. where the list would be, once: no toast besides', async () => {
    fakeApi({ 'GET theaters/': () => json(500, { detail: 'Boom' }) });
    renderApp('/user/theaters');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch theaters.');
    expect(screen.getAllByText('Failed to fetch theaters.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
