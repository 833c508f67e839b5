import { createRenderApp, deferred, fakeApi, json, signOut } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { loginAs } from '../../test/session';
import { AddTheaterForm } from './AddTheaterForm';
import { theaterPageQueryOptions } from './api/getTheaters';

const renderForm = createRenderApp(AddTheaterForm);

const nameField = () => screen.getByLabelText('Name');
const locationField = () => screen.getByLabelText('Location');
const rowsField = () => screen.getByLabelText('Rows');
const seatsField = () => screen.getByLabelText('Seats per row');
const addButton = () => screen.getByRole('button', { name: 'Add Theater' });

describe('AddTheaterPage', () => {
  it('has Name, Location, and Rows and Seats per row prefilled with 8 and 12', () => {
    renderApp('/owner/add-theater');

    expect(screen.getByRole('heading', { level: 1, name: 'Add Theater' })).toBeVisible();
    expect(document.title).toBe('Add Theater · CineBook');
    expect(nameField()).toHaveValue('');
    expect(locationField()).toHaveValue('');
    expect(rowsField()).toHaveValue(8);
    expect(seatsField()).toHaveValue(12);
  });

  it('requires a name and a location, and clears each message when its field is edited', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/owner/add-theater');

    await user.click(addButton());

    expect(screen.getByText('Name is required.')).toBeVisible();
    expect(screen.getByText('Location is required.')).toBeVisible();
    expect(nameField()).toHaveAccessibleDescription(expect.stringContaining('Name is required.'));
    expect(api.calls).toEqual([]);

    await user.type(nameField(), 'P');
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(screen.getByText('Location is required.')).toBeVisible();

    await user.type(locationField(), 'K');
    expect(screen.queryByText('Location is required.')).toBeNull();
  });

  it('treats a name and location of spaces as missing', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/owner/add-theater');

    await user.type(nameField(), '   ');
    await user.type(locationField(), '  ');
    await user.click(addButton());

    expect(screen.getByText('Name is required.')).toBeVisible();
    expect(screen.getByText('Location is required.')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('keeps rows to 1–26 and seats per row to 1–30', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/owner/add-theater');
    await user.type(nameField(), 'PVR');
    await user.type(locationField(), 'Koramangala');

    await user.clear(rowsField());
    await user.type(rowsField(), '27');
    await user.clear(seatsField());
    await user.type(seatsField(), '0');
    await user.click(addButton());

    expect(screen.getByText('Rows must be a whole number from 1 to 26.')).toBeVisible();
    expect(screen.getByText('Seats per row must be a whole number from 1 to 30.')).toBeVisible();
    expect(api.calls).toEqual([]);

    await user.type(rowsField(), '{Backspace}');
    expect(screen.queryByText('Rows must be a whole number from 1 to 26.')).toBeNull();
  });

  it('sends the trimmed theater, toasts, clears the form and refreshes the theater lists', async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ 'POST theaters/': () => answer.promise });
    const { user, queryClient } = renderApp('/owner/add-theater');
    const listKey = theaterPageQueryOptions({ page: 1, q: '' }).queryKey;
    queryClient.setQueryData(listKey, {
      results: [],
      count: 0,
      count_exact: true,
      page: 1,
      page_size: 20,
    });

    await user.type(nameField(), '  PVR Forum ');
    await user.type(locationField(), ' Koramangala, Bengaluru');
    await user.clear(rowsField());
    await user.type(rowsField(), '10');
    await user.click(addButton());

    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(api.callsTo('POST theaters/').map((call) => call.body)).toEqual([
      { name: 'PVR Forum', location: 'Koramangala, Bengaluru', rows: 10, seats_per_row: 12 },
    ]);
    answer.resolve(json(201, theater({ id: 9, rows: 10 })));

    expect(await screen.findByText('Theater added successfully!')).toBeVisible();
    expect(nameField()).toHaveValue('');
    expect(locationField()).toHaveValue('');
    expect(rowsField()).toHaveValue(8);
    expect(seatsField()).toHaveValue(12);
    await waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it('sends the default layout when Rows and Seats per row are left empty', async () => {
    const api = fakeApi({ 'POST theaters/': () => json(201, theater()) });
    const { user } = renderApp('/owner/add-theater');

    await user.type(nameField(), 'PVR');
    await user.type(locationField(), 'Forum');
    await user.clear(rowsField());
    await user.clear(seatsField());
    await user.click(addButton());

    expect(await screen.findByText('Theater added successfully!')).toBeVisible();
    expect(api.callsTo('POST theaters/')[0]?.body).toEqual({
      name: 'PVR',
      location: 'Forum',
      rows: 8,
      seats_per_row: 12,
    });
  });

  it('toasts Failed to add theater. Try again. and shows the server’s field messages', async () => {
    fakeApi({
      'POST theaters/': () =>
        json(400, {
          detail: 'Check the highlighted fields.',
          code: 'validation_error',
          fields: { location: 'Location is required.' },
        }),
    });
    const { user } = renderApp('/owner/add-theater');

    await user.type(nameField(), 'PVR');
    await user.type(locationField(), 'Forum');
    await user.click(addButton());

    expect(await screen.findByText('Failed to add theater. Try again.')).toBeVisible();
    expect(screen.getByText('Location is required.')).toBeVisible();
    // What was typed stays, to be corrected.
    expect(nameField()).toHaveValue('PVR');
  });

  it('toasts the failure and says what the server said when no field is to blame', async () => {
    fakeApi({
      'POST theaters/': () =>
        json(403, { detail: 'You do not have permission to perform this action.' }),
    });
    const { user } = renderApp('/owner/add-theater');

    await user.type(nameField(), 'PVR');
    await user.type(locationField(), 'Forum');
    await user.click(addButton());

    expect(await screen.findByText('Failed to add theater. Try again.')).toBeVisible();
    expect(screen.getByText('You do not have permission to perform this action.')).toBeVisible();
  });

  it.each([
    ['logged out', () => signOut()],
    ['logged in as a customer', () => loginAs('user', 7)],
  ])(
    'says You must be logged in as an owner to add a theater. when %s, and sends nothing',
    async (_, signIn) => {
      signIn();
      const api = fakeApi({});
      // The route's guard shows them a login prompt or whose area this is instead; the form
      // itself still refuses, wherever it is used.
      const { user } = renderForm('/owner/add-theater');

      await user.type(nameField(), 'PVR');
      await user.type(locationField(), 'Forum');
      await user.click(addButton());

      expect(screen.getByText('You must be logged in as an owner to add a theater.')).toBeVisible();
      expect(api.calls).toEqual([]);
    },
  );
});
