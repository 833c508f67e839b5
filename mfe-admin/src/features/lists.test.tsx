import { currentSearch, deferred, fakeApi, json } from '@cinema/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, booking, movie, owner, paged, show, theater } from '../test/fixtures';
import { listRoute } from '../test/lists';
import { renderApp } from '../test/renderApp';

/** What every admin list shares, checked on each list's own page. */
const LISTS = [
  {
    name: 'Theaters',
    path: '/admin/theaters',
    endpoint: 'theaters/',
    first: theater({ id: 1, name: 'PVR Forum' }),
    firstText: 'PVR Forum',
    second: theater({ id: 2, name: 'INOX Mall' }),
    secondText: 'INOX Mall',
    loading: 'Loading theaters...',
    empty: 'No theaters found.',
    failure: 'Failed to fetch theaters.',
  },
  {
    name: 'Movies',
    path: '/admin/movies',
    endpoint: 'movies/',
    first: movie({ id: 1, title: 'Dune' }),
    firstText: 'Dune',
    second: movie({ id: 2, title: 'Arrival' }),
    secondText: 'Arrival',
    loading: 'Loading movies...',
    empty: 'No movies found.',
    failure: 'Error loading movies',
  },
  {
    name: 'Shows',
    path: '/admin/shows',
    endpoint: 'shows/',
    first: show({ id: 1, movie_name: 'Dune' }),
    firstText: 'Dune',
    second: show({ id: 2, movie_name: 'Arrival' }),
    secondText: 'Arrival',
    loading: 'Loading shows...',
    empty: 'No shows found.',
    failure: 'Error loading shows',
  },
  {
    name: 'Bookings',
    path: '/admin/bookings',
    endpoint: 'bookings/admin/',
    first: booking({ id: 1, user_name: 'asha' }),
    firstText: 'asha',
    second: booking({ id: 2, user_name: 'meera' }),
    secondText: 'meera',
    loading: 'Loading bookings...',
    empty: 'No bookings found.',
    failure: 'Failed to load bookings',
  },
  {
    name: 'Owners',
    path: '/admin/owners',
    endpoint: 'signup/?role=owner',
    first: owner({ id: 1, username: 'ravi' }),
    firstText: 'ravi',
    second: owner({ id: 2, username: 'kiran' }),
    secondText: 'kiran',
    loading: 'Loading owners...',
    empty: 'No owners found.',
    failure: 'The owners could not be loaded.',
  },
  {
    name: 'Users',
    path: '/admin/users',
    endpoint: 'signup/?role=user',
    first: account({ id: 1, username: 'asha' }),
    firstText: 'asha',
    second: account({ id: 2, username: 'meera' }),
    secondText: 'meera',
    loading: 'Loading users...',
    empty: 'No users found.',
    failure: 'The users could not be loaded.',
  },
];

describe.each(LISTS)('the $name list', (list) => {
  const cell = (name: string) => screen.findByRole('cell', { name });

  it(`is titled ${list.name} and shows a skeleton while the first page loads`, async () => {
    const answer = deferred<Response>();
    fakeApi({ [listRoute(list.endpoint, 1)]: () => answer.promise });
    renderApp(list.path);

    expect(screen.getByRole('heading', { level: 1, name: list.name })).toBeVisible();
    expect(document.title).toBe(`${list.name} · CineBook`);
    expect(screen.getByRole('status')).toHaveTextContent(list.loading);

    answer.resolve(json(200, paged([list.first])));
    expect(await cell(list.firstText)).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says there are more than the API counted when a long list is counted only so far', async () => {
    fakeApi({
      [listRoute(list.endpoint, 1)]: () =>
        json(200, paged([list.first], { count: 1001, countExact: false })),
    });
    renderApp(list.path);

    expect(await cell(list.firstText)).toBeVisible();
    expect(screen.getByText('More than 1,000 results')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('pages with Next and Previous, showing Page X of Y and the total found', async () => {
    const api = fakeApi({
      [listRoute(list.endpoint, 1)]: () => json(200, paged([list.first], { count: 45 })),
      [listRoute(list.endpoint, 2)]: () => json(200, paged([list.second], { count: 45, page: 2 })),
    });
    const { user } = renderApp(list.path);

    expect(await cell(list.firstText)).toBeVisible();
    expect(screen.getByText('45 results')).toBeVisible();
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await cell(list.secondText)).toBeVisible();
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(api.callsTo(listRoute(list.endpoint, 2))).toHaveLength(1);
    expect(previous).toBeEnabled();

    await user.click(previous);
    expect(await screen.findByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('searches on the server once typing pauses, starting again at page 1', async () => {
    const api = fakeApi({
      [listRoute(list.endpoint, 1)]: () => json(200, paged([list.first], { count: 45 })),
      [listRoute(list.endpoint, 2)]: () => json(200, paged([list.first], { count: 45, page: 2 })),
      [listRoute(list.endpoint, 1, 'mee')]: () => json(200, paged([list.second])),
    });
    const { user } = renderApp(list.path);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();

    // Three keystrokes in one go: however loaded the machine, no pause can fall between them
    // (typed one by one, a stall of 300 ms between two letters is a pause, and is searched).
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const text of ['m', 'me', 'mee']) fireEvent.change(search, { target: { value: text } });

    expect(await cell(list.secondText)).toBeVisible();
    expect(screen.getByText('1 result')).toBeVisible();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    expect(api.callsTo(listRoute(list.endpoint, 1, 'mee'))).toHaveLength(1);
    // Nothing was sent for the letters typed before the pause.
    expect(api.calls.filter((call) => /q=me?(&|$)/.test(call.path))).toEqual([]);
  });

  it('keeps the page and search in the URL, so a reload lands on the same page', async () => {
    const api = fakeApi({
      [listRoute(list.endpoint, 2, 'mee')]: () =>
        json(200, paged([list.second], { count: 45, page: 2 })),
    });
    renderApp(`${list.path}?page=2&q=mee`);

    expect(await cell(list.secondText)).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('mee');
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(api.callsTo(listRoute(list.endpoint, 2, 'mee'))).toHaveLength(1);
    // Never a first page or an empty search fetched before the URL's.
    expect(api.callsTo(listRoute(list.endpoint, 1))).toEqual([]);
    expect(api.callsTo(listRoute(list.endpoint, 2))).toEqual([]);
  });

  it('writes the page and the search into the URL as they change', async () => {
    fakeApi({
      [listRoute(list.endpoint, 1)]: () => json(200, paged([list.first], { count: 45 })),
      [listRoute(list.endpoint, 2)]: () => json(200, paged([list.second], { count: 45, page: 2 })),
      [listRoute(list.endpoint, 1, 'mee')]: () => json(200, paged([list.second])),
    });
    const { user } = renderApp(list.path);

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
    expect(currentSearch()).toBe('?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mee');
    expect(await screen.findByText('Page 1 of 1')).toBeVisible();
    expect(currentSearch()).toBe('?q=mee');
  });

  it(`says ${list.empty} when nothing matches`, async () => {
    fakeApi({ [listRoute(list.endpoint, 1)]: () => json(200, paged([])) });
    renderApp(list.path);

    expect(await screen.findByText(list.empty)).toBeVisible();
    expect(screen.getByText('0 results')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it(`says ${list.failure} where the list would be, once, and offers Retry`, async () => {
    let attempts = 0;
    fakeApi({
      [listRoute(list.endpoint, 1)]: () => {
        attempts += 1;
        return attempts === 1
          ? json(500, { detail: 'The server ran into a problem.', code: 'internal' })
          : json(200, paged([list.first]));
      },
    });
    const { user } = renderApp(list.path);

    // The spec's text (or the screen's own sentence), not the server's; no toast saying it again.
    expect(await screen.findByRole('alert')).toHaveTextContent(list.failure);
    expect(screen.getAllByText(list.failure)).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.queryByText('The server ran into a problem.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await cell(list.firstText)).toBeVisible();
    await waitFor(() => expect(attempts).toBe(2));
  });

  it('offers no Retry when the server refuses the list, and never shows its text', async () => {
    let attempts = 0;
    fakeApi({
      [listRoute(list.endpoint, 1)]: () => {
        attempts += 1;
        return json(403, {
          detail: 'You do not have permission to perform this action.',
          code: 'forbidden',
        });
      },
    });
    renderApp(list.path);

    expect(await screen.findByText('Your account does not have access to this.')).toBeVisible();
    expect(screen.queryByText('You do not have permission to perform this action.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(attempts).toBe(1);
  });

  it('has no controls that would change anything', async () => {
    fakeApi({ [listRoute(list.endpoint, 1)]: () => json(200, paged([list.first])) });
    renderApp(list.path);

    await cell(list.firstText);
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.filter((text) => /edit|delete|remove|add/i.test(text ?? ''))).toEqual([]);
  });
});
