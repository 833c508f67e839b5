import { fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenRow } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const GET_SCREEN = 'GET screens/5/';
const PUT_SCREEN = 'PUT screens/5/';

const cell = (name: string) => screen.getByRole('button', { name });

function layoutApi(routes: Routes = {}) {
  return fakeApi({ [GET_SCREEN]: () => json(200, screenRow()), ...routes });
}

async function openEditor() {
  const rendered = renderApp('/owner/screens/5/layout');
  await screen.findByRole('grid', { name: 'Layout of Audi 1' });
  return rendered;
}

describe('ScreenLayoutPage', () => {
  it('draws the screen as a grid of named cells, one Tab stop', async () => {
    layoutApi();
    await openEditor();

    expect(screen.getByRole('heading', { level: 1, name: 'Layout of Audi 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to its screens' })).toHaveAttribute(
      'href',
      '/owner/theaters/2/screens',
    );
    const grid = screen.getByRole('grid', { name: 'Layout of Audi 1' });
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(8);
    expect(cell('Row A, position 1: Standard seat')).toHaveAttribute('tabindex', '0');
    expect(cell('Row B, position 4: Standard seat')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('status')).toHaveTextContent('8 seats for sale. Ready to save.');
  });

  it('paints a cell with the chosen tool when it is clicked', async () => {
    layoutApi();
    const { user } = await openEditor();

    await user.click(screen.getByRole('radio', { name: 'Gap/aisle' }));
    expect(screen.getByLabelText('Category')).toBeDisabled();
    await user.click(cell('Row A, position 2: Standard seat'));

    expect(cell('Row A, position 2: Gap')).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Wheelchair space' }));
    await user.click(cell('Row A, position 3: Standard seat'));
    await user.click(screen.getByRole('radio', { name: 'Companion seat' }));
    await user.click(cell('Row A, position 4: Standard seat'));

    expect(cell('Row A, position 3: Standard wheelchair space')).toBeVisible();
    expect(cell('Row A, position 4: Standard companion seat')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('7 seats for sale.');
  });

  it('moves with the arrow keys and paints with Space and Enter', async () => {
    layoutApi();
    const { user } = await openEditor();
    await user.click(screen.getByRole('radio', { name: 'Blocked' }));
    // From the tools: the category, then the grid's one stop.
    await user.tab();
    await user.tab();
    expect(cell('Row A, position 1: Standard seat')).toHaveFocus();

    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(cell('Row B, position 2: Standard seat')).toHaveFocus();
    expect(cell('Row B, position 2: Standard seat')).toHaveAttribute('tabindex', '0');
    await user.keyboard(' ');
    expect(cell('Row B, position 2: Standard seat, blocked')).toHaveFocus();

    await user.keyboard('{End}{Enter}');
    expect(cell('Row B, position 4: Standard seat, blocked')).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(cell('Row A, position 1: Standard seat')).toHaveFocus();
    // The row tools follow the focused cell's row.
    expect(screen.getByRole('group', { name: 'Row 1 of 2 (A)' })).toBeVisible();
  });

  it('shows what breaks a rule as it is drawn, and Save sends nothing until it is fixed', async () => {
    const api = layoutApi();
    const { user } = await openEditor();

    await user.click(screen.getByRole('radio', { name: 'Companion seat' }));
    await user.click(cell('Row B, position 4: Standard seat'));

    const problems = screen.getByRole('heading', { name: /Fix this before saving/ }).parentElement;
    expect(problems).toHaveTextContent(
      'Companion seat B4 must be next to a wheelchair space. (Row B, position 4)',
    );
    await user.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(problems).toHaveFocus();
    expect(api.callsTo(PUT_SCREEN)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Go to Row B, position 4' }));
    expect(cell('Row B, position 4: Standard companion seat')).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Wheelchair space' }));
    await user.click(cell('Row B, position 3: Standard seat'));
    expect(screen.queryByRole('heading', { name: /Fix this before saving/ })).toBeNull();
  });

  it('asks for a name for every category and whole rupees for its price', async () => {
    layoutApi();
    const { user } = await openEditor();

    await user.clear(screen.getByLabelText('Price of category 1 (₹)'));
    await user.type(screen.getByLabelText('Price of category 1 (₹)'), '99.5');
    expect(
      screen.getByText(/The price of Standard must be a whole number of rupees/),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('Price of category 1 (₹)'));
    await user.type(screen.getByLabelText('Price of category 1 (₹)'), '120');
    await user.clear(screen.getByLabelText('Name of category 1'));
    expect(screen.getByText(/Give every category a name./)).toBeVisible();
  });

  it('saves the drawn layout and says which shows were redrawn and which kept their seats', async () => {
    const api = layoutApi({
      [PUT_SCREEN]: (call) =>
        json(200, {
          ...screenRow(call.body as object),
          redrawn_shows: 2,
          kept_shows: 1,
        }),
    });
    const { user } = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.clear(screen.getByLabelText('Name of category 2'));
    await user.type(screen.getByLabelText('Name of category 2'), 'Recliner');
    await user.clear(screen.getByLabelText('Price of category 2 (₹)'));
    await user.type(screen.getByLabelText('Price of category 2 (₹)'), '350');
    await user.selectOptions(screen.getByLabelText('Category'), 'Recliner');
    await user.click(cell('Row B, position 1: Standard seat'));
    await user.click(screen.getByRole('radio', { name: 'Gap/aisle' }));
    await user.click(cell('Row B, position 2: Standard seat'));
    await user.click(screen.getByRole('button', { name: 'Add row at back' }));
    await user.clear(screen.getByLabelText(/Hold back wheelchair spaces/));
    await user.type(screen.getByLabelText(/Hold back wheelchair spaces/), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save layout' }));

    await waitFor(() => expect(api.callsTo(PUT_SCREEN)).toHaveLength(1));
    const standard = { category: 'Standard' };
    expect(api.callsTo(PUT_SCREEN)[0]?.body).toEqual({
      name: 'Audi 1',
      accessible_release_minutes: 90,
      layout: {
        categories: [
          { name: 'Standard', price: 100 },
          { name: 'Recliner', price: 350 },
        ],
        rows: [
          { label: 'A', cells: [standard, standard, standard, standard] },
          { label: 'B', cells: [{ category: 'Recliner' }, null, standard, standard] },
          { label: 'C', cells: [{ category: 'Recliner' }, null, standard, standard] },
        ],
      },
    });
    expect(
      await screen.findByText(/Layout saved\. 2 upcoming shows were redrawn/),
    ).toHaveTextContent(
      'Layout saved. 2 upcoming shows were redrawn; 1 show on sale kept its seats.',
    );
  });

  it("puts the API's refusal where it belongs: a taken name under the name, a layout rule above Save", async () => {
    let answer = json(409, {
      code: 'screen_name_taken',
      detail: 'A screen with this name already exists in this theater.',
    });
    layoutApi({ [PUT_SCREEN]: () => answer });
    const { user } = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(await screen.findByLabelText('Screen name')).toHaveAccessibleDescription(
      'A screen with this name already exists in this theater.',
    );

    answer = json(400, {
      code: 'validation_error',
      detail: 'Invalid input.',
      fields: { layout: 'Row A has more than 60 cells. (rows[0].cells)' },
    });
    await user.type(screen.getByLabelText('Screen name'), ' X');
    await user.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(await screen.findByText('Row A has more than 60 cells. (rows[0].cells)')).toBeVisible();
  });

  it('says so when the screen is not one of the owner’s', async () => {
    fakeApi({ [GET_SCREEN]: () => json(404, { code: 'not_found', detail: 'Not found.' }) });
    renderApp('/owner/screens/5/layout');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Screen not found' }),
    ).toBeVisible();
  });
});
