import { deferred, expectPath, fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movieChoicesQueryOptions } from '../../lib/choices';
import { movie, paged, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const THEATER_CHOICES = 'GET theaters/?page=1&page_size=100';

const field = (label: string) => screen.getByLabelText(label);
const addButton = () => screen.getByRole('button', { name: 'Add Movie' });

function movieApi(routes: Routes = {}) {
  return fakeApi({
    [THEATER_CHOICES]: () =>
      json(
        200,
        paged([theater(), theater({ id: 2, name: 'INOX Mall', location: 'Whitefield' })], {
          pageSize: 100,
        }),
      ),
    ...routes,
  });
}

async function openForm() {
  const rendered = renderApp('/owner/add-movie');
  await screen.findByRole('form', { name: 'Add Movie' });
  return rendered;
}

async function fillIn(user: Awaited<ReturnType<typeof openForm>>['user']) {
  await user.type(field('Title'), '  Dune ');
  await user.type(field('Description'), ' A desert planet. ');
  await user.type(field('Duration (mins)'), '155');
  await user.type(field('Language'), 'English ');
  await user.type(field('Release date'), '2026-11-01');
  await user.selectOptions(field('Theater'), 'INOX Mall — Whitefield');
}

describe('AddMoviePage', () => {
  it('offers the owner’s theaters, and a duration of at least 60', async () => {
    const api = movieApi();
    await openForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Add Movie' })).toBeVisible();
    expect(field('Description').tagName).toBe('TEXTAREA');
    expect(field('Duration (mins)')).toHaveAttribute('type', 'number');
    expect(field('Duration (mins)')).toHaveAttribute('min', '60');
    expect(field('Release date')).toHaveAttribute('type', 'date');
    expect(
      [...(field('Theater') as HTMLSelectElement).options].map((option) => option.text),
    ).toEqual(['Select a theater', 'PVR Forum — Koramangala, Bengaluru', 'INOX Mall — Whitefield']);
    expect(api.calls.map((call) => call.path)).toEqual(['theaters/?page=1&page_size=100']);
  });

  it('shows every required-field message, and clears each as its field is edited', async () => {
    const api = movieApi();
    const { user } = await openForm();

    await user.type(field('Title'), '  ');
    await user.type(field('Description'), ' ');
    await user.type(field('Language'), '   ');
    await user.click(addButton());

    for (const message of [
      'Title is required.',
      'Description is required.',
      'Duration is required.',
      'Language is required.',
      'Release date is required.',
      'Please select a theater.',
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(api.callsTo('POST movies/')).toEqual([]);

    await user.type(field('Title'), 'D');
    expect(screen.queryByText('Title is required.')).toBeNull();
    await user.type(field('Description'), 'x');
    expect(screen.queryByText('Description is required.')).toBeNull();
    await user.type(field('Duration (mins)'), '9');
    expect(screen.queryByText('Duration is required.')).toBeNull();
    await user.type(field('Language'), 'E');
    expect(screen.queryByText('Language is required.')).toBeNull();
    await user.type(field('Release date'), '2026-11-01');
    expect(screen.queryByText('Release date is required.')).toBeNull();
    await user.selectOptions(field('Theater'), 'PVR Forum — Koramangala, Bengaluru');
    expect(screen.queryByText('Please select a theater.')).toBeNull();
  });

  it('wants a duration of at least 60 minutes', async () => {
    const api = movieApi();
    const { user } = await openForm();
    await fillIn(user);
    await user.clear(field('Duration (mins)'));
    await user.type(field('Duration (mins)'), '59');

    await user.click(addButton());

    expect(screen.getByText('Duration must be at least 60 minutes.')).toBeVisible();
    expect(api.callsTo('POST movies/')).toEqual([]);
  });

  it('sends the trimmed movie, toasts Movie added successfully! and clears the form', async () => {
    const answer = deferred<Response>();
    const api = movieApi({ 'POST movies/': () => answer.promise });
    const { user, queryClient } = await openForm();
    const choicesKey = movieChoicesQueryOptions(2).queryKey;
    queryClient.setQueryData(choicesKey, []);

    await fillIn(user);
    await user.click(addButton());

    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(api.callsTo('POST movies/').map((call) => call.body)).toEqual([
      {
        title: 'Dune',
        description: 'A desert planet.',
        duration_minutes: 155,
        language: 'English',
        release_date: '2026-11-01',
        theater: 2,
      },
    ]);
    answer.resolve(json(201, movie({ id: 9, theater: 2, theater_name: 'INOX Mall' })));

    expect(await screen.findByText('Movie added successfully!')).toBeVisible();
    expect(field('Title')).toHaveValue('');
    expect(field('Description')).toHaveValue('');
    expect(field('Duration (mins)')).toHaveValue(null);
    expect(field('Theater')).toHaveValue('');
    await waitFor(() => expect(queryClient.getQueryState(choicesKey)?.isInvalidated).toBe(true));
  });

  it('toasts Failed to add movie. Try again. and shows the server’s field messages', async () => {
    movieApi({
      'POST movies/': () =>
        json(400, {
          detail: 'Check the highlighted fields.',
          code: 'validation_error',
          fields: { theater: 'Please select a theater.' },
        }),
    });
    const { user } = await openForm();
    await fillIn(user);

    await user.click(addButton());

    expect(await screen.findByText('Failed to add movie. Try again.')).toBeVisible();
    expect(screen.getByText('Please select a theater.')).toBeVisible();
    expect(field('Title')).toHaveValue('  Dune ');
  });

  it('points to adding a theater when the owner has none yet', async () => {
    movieApi({ [THEATER_CHOICES]: () => json(200, paged([], { pageSize: 100 })) });
    const { user } = renderApp('/owner/add-movie');

    expect(
      await screen.findByText('You have no theaters yet. Add a theater before adding movies.'),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Add Movie' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Add Theater' }));
    await expectPath('/owner/add-theater');
  });

  it('says Failed to fetch theaters. once, where the form would be, with Retry (no toast)', async () => {
    movieApi({ [THEATER_CHOICES]: () => json(500, {}) });
    renderApp('/owner/add-movie');

    expect(await screen.findByText('Failed to fetch theaters.')).toBeVisible();
    expect(screen.getAllByText('Failed to fetch theaters.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
