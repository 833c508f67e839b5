import { fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, paged, screenRow, show, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const field = (label: string | RegExp) => screen.getByLabelText(label);

function showApi() {
  return fakeApi({
    'GET theaters/?page=1&page_size=100': () =>
      json(
        200,
        paged([theater({ id: 2, name: 'INOX Mall', location: 'Whitefield' })], { pageSize: 100 }),
      ),
    'GET movies/?page=1&page_size=100&theater=2': () =>
      json(
        200,
        paged([movie({ id: 4, title: 'Dune', duration_minutes: 155, theater: 2 })], {
          pageSize: 100,
        }),
      ),
    'GET screens/?theater=2': () => json(200, { results: [screenRow({ id: 7 })] }),
    'POST shows/': () => json(201, show({ id: 9 })),
  });
}

async function fillIn() {
  const { user } = renderApp('/owner/add-show');
  await screen.findByRole('form', { name: 'Add Show' });
  await user.selectOptions(field('Theater'), 'INOX Mall — Whitefield');
  await screen.findByRole('option', { name: 'Dune (155 mins)' });
  await user.selectOptions(field('Movie'), 'Dune (155 mins)');
  await user.type(field('Date'), '2030-01-15');
  await user.type(field('Start time'), '18:00');
  return user;
}

describe('AddShowPage: sales opening time and high demand', () => {
  it('sends the opening time as an instant and the high-demand flag, ticked by keyboard', async () => {
    const api = showApi();
    const user = await fillIn();
    await user.type(field('Sales open at (optional)'), '2030-01-10T10:00');
    field(/^High demand/).focus();
    await user.keyboard(' ');
    expect(field(/^High demand/)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add Show' }));

    expect(await screen.findByText('Show added successfully!')).toBeVisible();
    expect(api.callsTo('POST shows/').map((call) => call.body)).toEqual([
      {
        movie: 4,
        theater: 2,
        screen: 7,
        date: '2030-01-15',
        start_time: '18:00',
        end_time: '20:35',
        sales_open_at: new Date('2030-01-10T10:00').toISOString(),
        high_demand: true,
      },
    ]);
  }, 15_000);

  it('refuses an opening time in the past or after the show starts, naming the field', async () => {
    const api = showApi();
    const user = await fillIn();
    await user.type(field('Sales open at (optional)'), '2020-01-10T10:00');
    await user.click(screen.getByRole('button', { name: 'Add Show' }));
    expect(field('Sales open at (optional)')).toHaveAccessibleDescription(
      /The sales opening time must be in the future\./,
    );

    await user.clear(field('Sales open at (optional)'));
    await user.type(field('Sales open at (optional)'), '2030-01-15T19:00');
    await user.click(screen.getByRole('button', { name: 'Add Show' }));
    expect(field('Sales open at (optional)')).toHaveAccessibleDescription(
      /Sales must open before the show starts\./,
    );
    expect(api.callsTo('POST shows/')).toEqual([]);
  }, 15_000);
});
