import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET shows/?page=1&page_size=20';
const STARTS_AT = '2030-01-15T12:30:00Z';
const OPENS_AT = '2030-01-10T04:30:00Z';
const upcoming = show({ id: 5, date: '2030-01-15', starts_at: STARTS_AT });

function sale(overrides: Record<string, unknown> = {}) {
  return {
    show_id: 5,
    sales_open_at: OPENS_AT,
    high_demand: true,
    sales_open: false,
    line_opens_at: null,
    admission_minutes: 5,
    waitlist_length: 0,
    now: new Date().toISOString(),
    ...overrides,
  };
}

function saleApi(patch: () => Response = () => json(200, sale())) {
  return fakeApi({
    [FIRST_PAGE]: () =>
      json(200, paged([upcoming, show({ id: 6, movie_name: 'Arrival', is_past: true })])),
    'GET onsale/lengths/?ids=5%2C6': () => json(200, { items: [] }),
    'GET onsale/5/': () => json(200, sale()),
    'PATCH onsale/5/': patch,
  });
}

/** Opens Dune's dialog by keyboard: Tab to its Sale settings button, then Enter. */
async function openDialog() {
  const { user } = renderApp('/owner/shows');
  const button = await screen.findByRole('button', { name: 'Sale settings' });
  expect(button).toHaveAccessibleDescription('Dune');
  button.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Sale settings: Dune' });
  const opensAt = await within(dialog).findByLabelText('Sales open at');
  return { user, button, dialog, opensAt };
}

/** The datetime-local text of an instant in this device's time. */
function local(iso: string) {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

describe('Sale settings of an existing show', () => {
  it('shows the current settings and sends only what changed; focus returns to the button', async () => {
    const api = saleApi(() => json(200, sale({ sales_open_at: null, high_demand: false })));
    const { user, button, dialog, opensAt } = await openDialog();
    expect(opensAt).toHaveValue(local(OPENS_AT));
    const highDemand = within(dialog).getByLabelText(/^High demand/);
    expect(highDemand).toBeChecked();

    highDemand.focus();
    await user.keyboard(' ');
    expect(highDemand).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Sale settings saved.')).toBeVisible();
    expect(api.callsTo('PATCH onsale/5/').map((call) => call.body)).toEqual([
      { high_demand: false },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  }, 15_000);

  it('sends a new opening time as an instant, and empty as null (on sale at once)', async () => {
    const api = saleApi();
    const { user, dialog, opensAt } = await openDialog();
    await user.clear(opensAt);
    await user.type(opensAt, '2030-01-12T09:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sale settings saved.')).toBeVisible();

    const again = await openDialog();
    await user.clear(again.opensAt);
    await user.click(within(again.dialog).getByRole('button', { name: 'Save' }));
    await screen.findAllByText('Sale settings saved.');
    expect(api.callsTo('PATCH onsale/5/').map((call) => call.body)).toEqual([
      { sales_open_at: new Date('2030-01-12T09:15').toISOString() },
      { sales_open_at: null },
    ]);
  }, 15_000);

  it('refuses an opening time in the past or after the show starts, naming the field', async () => {
    const api = saleApi();
    const { user, dialog, opensAt } = await openDialog();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.clear(opensAt);
    await user.type(opensAt, '2020-01-10T10:00');
    await user.click(save);
    expect(opensAt).toHaveAccessibleDescription(/The sales opening time must be in the future\./);

    await user.clear(opensAt);
    await user.type(opensAt, local('2030-01-15T13:00:00Z'));
    await user.click(save);
    expect(opensAt).toHaveAccessibleDescription(/Sales must open before the show starts\./);
    expect(api.callsTo('PATCH onsale/5/')).toEqual([]);
  }, 15_000);

  it('shows what the server refuses: the field’s message, or a show that has started', async () => {
    let answer = json(400, {
      detail: 'The sales opening time must be in the future.',
      code: 'validation_error',
      error: 'Bad Request',
      fields: { sales_open_at: 'The sales opening time must be in the future.' },
    });
    saleApi(() => answer);
    const { user, dialog, opensAt } = await openDialog();
    await user.clear(opensAt);
    await user.type(opensAt, '2030-01-12T09:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The sales opening time must be in the future.');
    expect(opensAt).toHaveAccessibleDescription(/The sales opening time must be in the future\./);

    answer = json(409, {
      detail: 'The show has started.',
      code: 'show_started',
      error: 'Conflict',
    });
    await user.click(within(dialog).getByLabelText(/^High demand/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The show has started.');
    expect(screen.getByRole('dialog')).toBeVisible();
  }, 15_000);

  it('closes on Escape without saving; a past show has no sale settings', async () => {
    const api = saleApi();
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH onsale/5/')).toEqual([]);
    const arrival = screen.getByRole('heading', { name: 'Arrival' }).closest('li') as HTMLElement;
    expect(within(arrival).queryByRole('button', { name: 'Sale settings' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Sale settings' })).toHaveLength(1);
  }, 15_000);
});
