import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { formatDate } from '@cinema/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('MoviesPage', () => {
  it('lists every movie with its details when no theater was chosen', async () => {
    const api = fakeApi({ 'GET movies/': () => json(200, [movie()]) });
    renderApp('/user/movies');

    expect(screen.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
    const card = (await screen.findByRole('list', { name: 'Movies' })).firstElementChild;
    const details = within(card as HTMLElement);
    expect(details.getByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(card).toHaveTextContent('A desert planet and its spice.');
    expect(card).toHaveTextContent('155 mins');
    expect(card).toHaveTextContent('English');
    expect(card).toHaveTextContent(formatDate('2026-11-01'));
    expect(api.callsTo('GET movies/')).toHaveLength(1);
  });

  it('shows a movie’s poster beside its details, sized for the browser to pick from srcset; none without one', async () => {
    const poster = {
      src: '/api/posters/4/0123456789abcdef/320.webp',
      srcset:
        '/api/posters/4/0123456789abcdef/160.webp 160w, /api/posters/4/0123456789abcdef/320.webp 320w, /api/posters/4/0123456789abcdef/640.webp 640w',
      width: 320,
      height: 480,
    };
    fakeApi({
      'GET movies/': () => json(200, [movie({ poster }), movie({ id: 9, title: 'Arrival' })]),
    });
    renderApp('/user/movies');

    const [dune, arrival] = within(
      await screen.findByRole('list', { name: 'Movies' }),
    ).getAllByRole('listitem');
    // Beside the title, so not announced again.
    const image = within(dune as HTMLElement).getByRole('presentation');
    expect(image).toHaveAttribute('src', poster.src);
    expect(image).toHaveAttribute('srcset', poster.srcset);
    expect(image).toHaveAttribute('sizes', '6rem');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('height', '480');
    expect((arrival as HTMLElement).querySelector('img')).toBeNull();
    expect(arrival).toHaveTextContent('A desert planet and its spice.');
  });

  it('shows only the chosen theater’s movies, says which theater, and can show all', async () => {
    const api = fakeApi({
      'GET theaters/': () => json(200, [theater({ id: 3, name: 'INOX Mall' })]),
      'GET movies/?theater=3': () => json(200, [movie({ theater: 3, theater_name: 'INOX Mall' })]),
      'GET movies/': () => json(200, [movie(), movie({ id: 9, title: 'Arrival' })]),
    });
    const { user } = renderApp('/user/movies', { state: { theaterId: 3 } });

    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(await screen.findByText('INOX Mall', { selector: 'strong' })).toBeVisible();
    expect(api.callsTo('GET movies/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show all movies' }));

    expect(await screen.findByRole('heading', { name: 'Arrival' })).toBeVisible();
    expect(currentState()).toBeNull();
  });

  it('falls back to ?theater= when there is no navigation state', async () => {
    const api = fakeApi({
      'GET theaters/': () => json(200, []),
      'GET movies/?theater=3': () => json(200, []),
    });
    renderApp('/user/movies?theater=3');

    expect(await screen.findByText('No movies found.')).toBeVisible();
    expect(api.callsTo('GET movies/?theater=3')).toHaveLength(1);
  });

  it('View Shows goes to shows with the movie id in navigation state', async () => {
    fakeApi({
      'GET movies/': () => json(200, [movie({ id: 4 })]),
      'GET shows/?movie=4': () => json(200, []),
    });
    const { user } = renderApp('/user/movies');

    await user.click(await screen.findByRole('button', { name: 'View Shows' }));

    await expectPath('/user/shows');
    expect(currentState()).toEqual({ movieId: 4 });
    expect(currentSearch()).toBe('?movie=4');
  });

  it('says Error loading movies where the list would be, once: no toast besides', async () => {
    fakeApi({ 'GET movies/': () => json(500, {}) });
    renderApp('/user/movies');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading movies');
    expect(screen.getAllByText('Error loading movies')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
