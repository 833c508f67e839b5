import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET shows/?page=1&page_size=20';
const LENGTHS = 'GET onsale/lengths/?ids=5%2C6';

describe('ShowsPage queue lengths', () => {
  it('shows each show’s waitlist length, and the line’s length for a high-demand show', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () =>
        json(200, paged([show({ id: 5 }), show({ id: 6, movie_name: 'Arrival' })])),
      [LENGTHS]: () =>
        json(200, {
          items: [
            { show_id: 5, waitlist_length: 3, line_length: null },
            { show_id: 6, waitlist_length: 0, line_length: 1250 },
          ],
        }),
    });
    renderApp('/owner/shows');

    const list = await screen.findByRole('list', { name: 'Shows' });
    const [dune, arrival] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(await within(dune).findByText('On waitlist')).toBeVisible();
    expect(dune).toHaveTextContent('On waitlist3');
    expect(dune).not.toHaveTextContent('In waiting line');
    expect(arrival).toHaveTextContent('On waitlist0');
    expect(arrival).toHaveTextContent('In waiting line1250');
    // One call for the page, not one per show.
    expect(api.callsTo(LENGTHS)).toHaveLength(1);
  });

  it('still lists the shows when the lengths cannot be loaded', async () => {
    fakeApi({
      [FIRST_PAGE]: () => json(200, paged([show({ id: 5 })])),
      'GET onsale/lengths/?ids=5': () => json(503, { detail: 'Down', code: 'starting' }),
    });
    renderApp('/owner/shows');

    const card = await screen.findByRole('listitem');
    expect(card).toHaveTextContent('Available seats8');
    expect(card).not.toHaveTextContent('On waitlist');
  });
});
