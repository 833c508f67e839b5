import { fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linePlace, sale, seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const LINE = 'GET onsale/5/line/';
const JOIN = 'POST onsale/5/line/';
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

function saleApi(routes: Routes) {
  return fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5 })),
    'GET shows/5/seats/': () => json(200, seatMap()),
    'GET holds/?show=5': () => json(200, []),
    ...routes,
  });
}

const openSeats = () => renderApp('/user/seat-layout?show=5');

describe('SaleGate (the seat page before and during an on-sale)', () => {
  it('counts down to the sales opening, without the seat map', async () => {
    const opensAt = new Date(Date.now() + 2 * 3600_000 + 5 * 60_000).toISOString();
    saleApi({
      'GET onsale/5/': () => json(200, sale({ sales_open_at: opensAt, sales_open: false })),
    });
    openSeats();

    expect(await screen.findByRole('heading', { name: /^Sales open at / })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^2:0[45]:\d\d$/);
    expect(screen.queryByRole('button', { name: /^Seat A1/ })).toBeNull();
  });

  it('joins the line on the first visit and announces the place politely as it changes', async () => {
    let polls = 0;
    const api = saleApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () =>
        polls++ === 0
          ? json(404, { detail: 'Not in line', error: 'Not in line', code: 'not_in_line' })
          : json(200, linePlace({ place: 2, estimated_wait_seconds: 30, poll_after_seconds: 1 })),
      [JOIN]: () => json(200, linePlace({ poll_after_seconds: 1 })),
    });
    openSeats();

    const place = await screen.findByText(/Your place in line:/);
    expect(place).toHaveTextContent('Your place in line: 3');
    expect(place).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('Estimated wait: about 1 minute.')).toBeVisible();
    expect(api.callsTo(JOIN)).toHaveLength(1);
    await waitFor(() => expect(place).toHaveTextContent('Your place in line: 2'), {
      timeout: 3000,
    });
    expect(screen.getByText('Estimated wait: about 30 seconds.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Seat A1/ })).toBeNull();
  });

  it('keeps a returning customer’s place: no second join', async () => {
    const api = saleApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () => json(200, linePlace({ place: 7 })),
    });
    openSeats();

    expect(await screen.findByText(/Your place in line:/)).toHaveTextContent(
      'Your place in line: 7',
    );
    expect(api.callsTo(JOIN)).toHaveLength(0);
  });

  it('opens the seat map on the customer’s turn and sends the admission with the hold', async () => {
    const api = saleApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () =>
        json(
          200,
          linePlace({
            status: 'admitted',
            place: null,
            admitted_until: inAMinute(),
            admission_token: 'turn-token',
          }),
        ),
      'POST holds/': () =>
        json(403, { detail: 'Ended', error: 'Ended', code: 'admission_expired' }),
    });
    const { user } = openSeats();

    expect(await screen.findByText(/It is your turn\. Choose your seats within/)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Seat A1, available' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    await waitFor(() => expect(api.callsTo('POST holds/')).toHaveLength(1));
    expect(api.callsTo('POST holds/')[0]?.body).toEqual({
      show_id: 5,
      seat_ids: [1],
      admission_token: 'turn-token',
    });
    // The refusal sends the page back to the line to learn the turn is over.
    await waitFor(() => expect(api.callsTo(LINE).length).toBeGreaterThanOrEqual(2));
  });

  it('says when the turn has ended, and joins again at the back on request', async () => {
    const api = saleApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () => json(200, linePlace({ status: 'expired', place: null })),
      [JOIN]: () => json(200, linePlace({ place: 40 })),
    });
    const { user } = openSeats();

    expect(
      await screen.findByRole('heading', { name: 'Your time to choose seats has ended' }),
    ).toBeVisible();
    const again = screen.getByRole('button', { name: 'Join the line again' });
    again.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText(/Your place in line:/)).toHaveTextContent(
      'Your place in line: 40',
    );
    expect(api.callsTo(JOIN)).toHaveLength(1);
  });

  it('says a sold-out line is sold out, offers the waitlist and stops polling', async () => {
    const api = saleApi({
      'GET onsale/5/': () => json(200, sale({ high_demand: true })),
      [LINE]: () => json(200, linePlace({ place: 900, sold_out: true, poll_after_seconds: 1 })),
      'GET onsale/5/waitlist/': () =>
        json(404, { detail: 'Not on it', error: 'Not on it', code: 'not_on_waitlist' }),
    });
    openSeats();

    expect(await screen.findByRole('heading', { name: 'Sold out' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeVisible();
    expect(screen.queryByText(/Your place in line:/)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.callsTo(LINE)).toHaveLength(1);
  });
});
