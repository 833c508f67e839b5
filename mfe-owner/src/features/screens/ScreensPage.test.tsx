import { fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, screenRow, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const INOX_SCREENS = 'GET screens/?theater=2';

function screensApi(routes: Routes = {}) {
  return fakeApi({
    [INOX_SCREENS]: () =>
      json(200, {
        results: [
          screenRow(),
          screenRow({
            id: 6,
            name: 'Gold',
            seat_count: 20,
            accessible_release_minutes: 90,
            categories: [
              { name: 'Standard', price: 100, seats: 14 },
              { name: 'Recliner', price: 350, seats: 6 },
            ],
          }),
        ],
      }),
    ...routes,
  });
}

describe('ScreensPage', () => {
  it('is reached from a theater card by its Screens button', async () => {
    fakeApi({
      'GET theaters/?page=1&page_size=20': () =>
        json(200, paged([theater({ id: 2, name: 'INOX Mall' })])),
    });
    renderApp('/owner/theaters');
    const card = (await screen.findByRole('heading', { name: 'INOX Mall' })).closest('li');
    expect(within(card as HTMLElement).getByRole('link', { name: 'Screens' })).toHaveAttribute(
      'href',
      '/owner/theaters/2/screens',
    );
  });

  it("lists the theater's screens with their seats and prices, each with its editor", async () => {
    screensApi();
    renderApp('/owner/theaters/2/screens');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Screens of INOX Mall' }),
    ).toBeVisible();
    const cards = within(screen.getByRole('list', { name: 'Screens' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Audi 1');
    expect(first).toHaveTextContent('8 seats');
    expect(first).toHaveTextContent('Standard ₹100 (8 seats)');
    expect(first).toHaveTextContent('2 hours before the show');
    expect(second).toHaveTextContent('Standard ₹100 (14 seats), Recliner ₹350 (6 seats)');
    expect(second).toHaveTextContent('1.5 hours before the show');
    expect(within(second).getByRole('link', { name: 'Edit layout' })).toHaveAttribute(
      'href',
      '/owner/screens/6/layout',
    );
  });

  it('adds a screen by name and opens its layout editor', async () => {
    const api = screensApi({
      'POST screens/': () => json(201, screenRow({ id: 9, name: 'IMAX' })),
      'GET screens/9/': () => json(200, screenRow({ id: 9, name: 'IMAX' })),
    });
    const { user } = renderApp('/owner/theaters/2/screens');
    await screen.findByRole('list', { name: 'Screens' });

    await user.click(screen.getByRole('button', { name: 'Add screen' }));
    expect(screen.getByLabelText('New screen name')).toHaveAccessibleDescription(
      /Screen name is required\./,
    );
    await user.type(screen.getByLabelText('New screen name'), '  IMAX ');
    await user.click(screen.getByRole('button', { name: 'Add screen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Layout of IMAX' })).toBeVisible();
    expect(api.callsTo('POST screens/').map((call) => call.body)).toEqual([
      { theater: 2, name: 'IMAX' },
    ]);
  });

  it('says a name the theater already has under the name field', async () => {
    screensApi({
      'POST screens/': () =>
        json(409, {
          code: 'screen_name_taken',
          detail: 'A screen with this name already exists in this theater.',
        }),
    });
    const { user } = renderApp('/owner/theaters/2/screens');
    await screen.findByRole('list', { name: 'Screens' });

    await user.type(screen.getByLabelText('New screen name'), 'Gold');
    await user.click(screen.getByRole('button', { name: 'Add screen' }));

    await waitFor(() =>
      expect(screen.getByLabelText('New screen name')).toHaveAccessibleDescription(
        /A screen with this name already exists in this theater\./,
      ),
    );
    expect(screen.getByText('Error adding screen.')).toBeVisible();
  });

  it('says so when the theater is not one of the owner’s', async () => {
    fakeApi({ [INOX_SCREENS]: () => json(404, { code: 'not_found', detail: 'Not found.' }) });
    renderApp('/owner/theaters/2/screens');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Theater not found' }),
    ).toBeVisible();
  });
});
