import { deferred, fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../lib/time';
import { movie, paged, screenRow, show, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { showPageQueryOptions } from './api/getShows';

const THEATER_CHOICES = 'GET theaters/?page=1&page_size=100';
const INOX_MOVIES = 'GET movies/?page=1&page_size=100&theater=2';
const INOX_SCREENS = 'GET screens/?theater=2';

const field = (label: string) => screen.getByLabelText(label);
const addButton = () => screen.getByRole('button', { name: 'Add Show' });

function showApi(routes: Routes = {}) {
  return fakeApi({
    [THEATER_CHOICES]: () =>
      json(
        200,
        paged([theater(), theater({ id: 2, name: 'INOX Mall', location: 'Whitefield' })], {
          pageSize: 100,
        }),
      ),
    [INOX_MOVIES]: () =>
      json(
        200,
        paged(
          [
            movie({ id: 4, title: 'Dune', duration_minutes: 155, theater: 2 }),
            movie({ id: 6, title: 'Arrival', duration_minutes: 116, theater: 2 }),
          ],
          { pageSize: 100 },
        ),
      ),
    [INOX_SCREENS]: () =>
      json(200, {
        results: [
          screenRow({ id: 7, name: 'Audi 1' }),
          screenRow({ id: 8, name: 'IMAX', seat_count: 120 }),
        ],
      }),
    ...routes,
  });
}

async function openForm() {
  const rendered = renderApp('/owner/add-show');
  await screen.findByRole('form', { name: 'Add Show' });
  return rendered;
}

type User = Awaited<ReturnType<typeof openForm>>['user'];

async function chooseMovie(user: User, title = 'Dune (155 mins)') {
  await user.selectOptions(field('Theater'), 'INOX Mall — Whitefield');
  await screen.findByRole('option', { name: title });
  await user.selectOptions(field('Movie'), title);
}

async function fillIn(user: User) {
  await chooseMovie(user);
  await user.type(field('Date'), '2030-01-15');
  await user.type(field('Start time'), '18:00');
}

describe('AddShowPage', () => {
  it('asks for the movies of the chosen theater only, and dates from today', async () => {
    const api = showApi();
    const { user } = await openForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Add Show' })).toBeVisible();
    expect(field('Movie')).toBeDisabled();
    expect(field('Date')).toHaveAttribute('min', todayIso());
    expect(field('Start time')).toHaveAttribute('type', 'time');
    expect(field('End time')).toHaveAttribute('type', 'time');

    await chooseMovie(user, 'Arrival (116 mins)');

    expect(field('Movie')).toHaveValue('6');
    expect(api.calls.map((call) => call.path)).toEqual([
      'theaters/?page=1&page_size=100',
      'movies/?page=1&page_size=100&theater=2',
      'screens/?theater=2',
    ]);
  });

  it("offers the chosen theater's screens, the first chosen, and sends the one picked", async () => {
    const api = showApi({ 'POST shows/': () => json(201, show({ id: 9 })) });
    const { user } = await openForm();
    expect(field('Screen')).toBeDisabled();

    await fillIn(user);

    expect(field('Screen')).toHaveDisplayValue('Audi 1 (8 seats)');
    await user.selectOptions(field('Screen'), 'IMAX (120 seats)');
    await user.click(addButton());

    expect(await screen.findByText('Show added successfully!')).toBeVisible();
    expect(api.callsTo('POST shows/')[0]?.body).toMatchObject({ theater: 2, screen: 8 });
  });

  it('shows every required-field message, and clears each as its field is edited', async () => {
    const api = showApi();
    const { user } = await openForm();

    await user.click(addButton());

    for (const message of [
      'Theater is required.',
      'Movie is required.',
      'Date is required.',
      'Start time is required.',
      'End time is required.',
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(api.callsTo('POST shows/')).toEqual([]);

    await user.selectOptions(field('Theater'), 'INOX Mall — Whitefield');
    expect(screen.queryByText('Theater is required.')).toBeNull();
    expect(screen.getByText('Movie is required.')).toBeVisible();
    await screen.findByRole('option', { name: 'Dune (155 mins)' });
    await user.selectOptions(field('Movie'), 'Dune (155 mins)');
    expect(screen.queryByText('Movie is required.')).toBeNull();
    await user.type(field('Date'), '2030-01-15');
    expect(screen.queryByText('Date is required.')).toBeNull();
    await user.type(field('End time'), '21:00');
    expect(screen.queryByText('End time is required.')).toBeNull();
    await user.type(field('Start time'), '18:00');
    expect(screen.queryByText('Start time is required.')).toBeNull();
  });

  it('fills in the end time from the movie’s length, and lets the owner change it', async () => {
    showApi();
    const { user } = await openForm();

    await fillIn(user);

    expect(field('End time')).toHaveValue('20:35');
    expect(field('End time')).toHaveAccessibleDescription(
      "From the movie's length (155 mins); you can change it.",
    );

    await user.selectOptions(field('Movie'), 'Arrival (116 mins)');
    expect(field('End time')).toHaveValue('19:56');

    await user.clear(field('End time'));
    await user.type(field('End time'), '20:15');
    expect(field('End time')).toHaveValue('20:15');
    expect(field('End time')).not.toHaveAccessibleDescription();
  });

  it('wants the end after the start', async () => {
    const api = showApi();
    const { user } = await openForm();
    await fillIn(user);
    await user.clear(field('End time'));
    await user.type(field('End time'), '17:00');

    await user.click(addButton());

    expect(screen.getByText('End time must be after the start time.')).toBeVisible();
    expect(api.callsTo('POST shows/')).toEqual([]);
  });

  it('sends the show, toasts Show added successfully!, clears the form and refreshes the shows', async () => {
    const answer = deferred<Response>();
    const api = showApi({ 'POST shows/': () => answer.promise });
    const { user, queryClient } = await openForm();
    const listKey = showPageQueryOptions({ page: 1, q: '' }).queryKey;
    queryClient.setQueryData(listKey, {
      results: [],
      count: 0,
      count_exact: true,
      page: 1,
      page_size: 20,
    });

    await fillIn(user);
    await user.click(addButton());

    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(api.callsTo('POST shows/').map((call) => call.body)).toEqual([
      {
        movie: 4,
        theater: 2,
        screen: 7,
        date: '2030-01-15',
        start_time: '18:00',
        end_time: '20:35',
      },
    ]);
    answer.resolve(json(201, show({ id: 9 })));

    expect(await screen.findByText('Show added successfully!')).toBeVisible();
    expect(field('Theater')).toHaveValue('');
    expect(field('Movie')).toHaveValue('');
    expect(field('Date')).toHaveValue('');
    expect(field('Start time')).toHaveValue('');
    expect(field('End time')).toHaveValue('');
    await waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it.each([
    [409, 'Another show is already scheduled in this theater at that time.'],
    [400, 'The show cannot start in the past.'],
    [400, 'This movie is not shown in that theater.'],
  ])(
    'toasts Error adding show. and shows the server’s %i reason in the form',
    async (status, detail) => {
      showApi({ 'POST shows/': () => json(status, { detail, error: detail, code: 'conflict' }) });
      const { user } = await openForm();
      await fillIn(user);

      await user.click(addButton());

      expect(await screen.findByText('Error adding show.')).toBeVisible();
      expect(screen.getByText(detail)).toBeVisible();
      expect(screen.getByText(detail).closest('[role="alert"]')).toBeInTheDocument();
      // What was entered stays, to be corrected.
      expect(field('Start time')).toHaveValue('18:00');
    },
  );

  it('shows the server’s field messages under their fields', async () => {
    showApi({
      'POST shows/': () =>
        json(400, {
          detail: 'Check the highlighted fields.',
          code: 'validation_error',
          fields: { end_time: 'End time must be after the start time.' },
        }),
    });
    const { user } = await openForm();
    await fillIn(user);

    await user.click(addButton());

    expect(await screen.findByText('Error adding show.')).toBeVisible();
    expect(field('End time')).toHaveAccessibleDescription(
      expect.stringContaining('End time must be after the start time.'),
    );
    expect(screen.queryByText('Check the highlighted fields.')).toBeNull();
  });

  it('says when the chosen theater has no movies, with a link to add one', async () => {
    showApi({ [INOX_MOVIES]: () => json(200, paged([], { pageSize: 100 })) });
    const { user } = await openForm();

    await user.selectOptions(field('Theater'), 'INOX Mall — Whitefield');

    expect(await screen.findByText(/This theater has no movies yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a movie' })).toHaveAttribute(
      'href',
      '/owner/add-movie',
    );
    expect(field('Movie')).toBeDisabled();
  });

  it('says Failed to fetch theaters or movies. once, under the movies, with Retry (no toast)', async () => {
    let fail = true;
    showApi({
      [INOX_MOVIES]: () => (fail ? json(500, {}) : json(200, paged([], { pageSize: 100 }))),
    });
    const { user } = await openForm();

    await user.selectOptions(field('Theater'), 'INOX Mall — Whitefield');

    expect(await screen.findByText('Failed to fetch theaters or movies.')).toBeVisible();
    expect(screen.getAllByText('Failed to fetch theaters or movies.')).toHaveLength(1);
    expect(field('Movie')).toBeDisabled();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    // Retry asks again; the theater has no movies, which the hint now says instead.
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/This theater has no movies yet/)).toBeVisible();
    expect(screen.queryByText('Failed to fetch theaters or movies.')).toBeNull();
  });
});
