import { fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linePlace, sale, seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const LINE = 'GET onsale/5/line/';
const LEAVE = 'DELETE onsale/5/line/';

function lineApi(routes: Routes) {
  return fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5 })),
    'GET shows/5/seats/': () => json(200, seatMap()),
    'GET holds/?show=5': () => json(200, []),
    ...routes,
  });
}

describe('WaitingRoom (a customer in a high-demand show’s line)', () => {
  it('before the sales open, shows the countdown to the opening beside the place', async () => {
    const opensAt = new Date(Date.now() + 95_000).toISOString();
    lineApi({
      'GET onsale/5/': () =>
        json(200, sale({ high_demand: true, sales_open: false, sales_open_at: opensAt })),
      [LINE]: () => json(200, linePlace({ place: 1, sales_open_at: opensAt })),
    });
    renderApp('/user/seat-layout?show=5');

    expect(await screen.findByText(/Your place in line:/)).toHaveTextContent(
      'Your place in line: 1',
    );
    const timer = screen.getByRole('timer');
    // 95 s ahead when the test began; a loaded machine may take seconds to get here.
    expect(timer).toHaveTextContent(/^01:(2\d|3[0-5])$/);
    // A clock ticking every second is not read out; the place is.
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer.parentElement).toHaveTextContent(/^Sales open in 01:(2\d|3[0-5])$/);
  });

  it('shows no countdown once the sales are open', async () => {
    const opened = new Date(Date.now() - 5_000).toISOString();
    lineApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true, sales_open_at: opened })),
      [LINE]: () => json(200, linePlace({ place: 4, sales_open_at: opened })),
    });
    renderApp('/user/seat-layout?show=5');

    expect(await screen.findByText(/Your place in line:/)).toHaveTextContent(
      'Your place in line: 4',
    );
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('leaves the line by keyboard: the place is given up and focus moves to what happened', async () => {
    let left = false;
    const api = lineApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () =>
        json(200, left ? linePlace({ status: 'left', place: null }) : linePlace({ place: 2 })),
      [LEAVE]: () => {
        left = true;
        return json(204);
      },
    });
    const { user } = renderApp('/user/seat-layout?show=5');

    const leave = await screen.findByRole('button', { name: 'Leave the line' });
    leave.focus();
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { name: 'You left the line' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.callsTo(LEAVE)).toHaveLength(1);
    expect(screen.queryByText(/Your place in line:/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Join the line again' })).toBeVisible();
  });

  it('does not move the focus when a returning customer finds they had left', async () => {
    lineApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () => json(200, linePlace({ status: 'left', place: null })),
    });
    renderApp('/user/seat-layout?show=5');

    const heading = await screen.findByRole('heading', { name: 'You left the line' });
    expect(heading).not.toHaveFocus();
  });

  it('says the turn when it comes, and moves the focus there when it went with the waiting panel', async () => {
    let polls = 0;
    lineApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () =>
        json(
          200,
          polls++ === 0
            ? linePlace({ place: 1, poll_after_seconds: 1 })
            : linePlace({
                status: 'admitted',
                place: null,
                admitted_until: new Date(Date.now() + 5 * 60_000).toISOString(),
                admission_token: 'turn-token',
              }),
        ),
    });
    renderApp('/user/seat-layout?show=5');

    (await screen.findByRole('button', { name: 'Leave the line' })).focus();
    const notice = await screen.findByText(
      /^It is your turn\. Choose your seats within/,
      undefined,
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(notice).toHaveFocus());
    const said = screen
      .getAllByRole('status')
      .find((region) => region.textContent?.startsWith('It is your turn'));
    expect(said).toHaveTextContent('It is your turn: choose your seats within 5 minutes.');
    expect(await screen.findByRole('button', { name: 'Seat A1, available' })).toBeVisible();
  });
});
