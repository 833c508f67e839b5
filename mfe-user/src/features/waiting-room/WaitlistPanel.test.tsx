import { fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sale, seatMap, show, waitlistEntry } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const WAITLIST = 'GET onsale/5/waitlist/';
const JOIN = 'POST onsale/5/waitlist/';
const NOT_ON_IT = () =>
  json(404, { detail: 'Not on it', error: 'Not on it', code: 'not_on_waitlist' });

function soldOutApi(routes: Routes) {
  return fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5, available_seats: 0 })),
    'GET shows/5/seats/': () =>
      json(
        200,
        seatMap(Object.fromEntries(['A1', 'A2', 'A3', 'A4', 'A5'].map((l) => [l, 'booked']))),
      ),
    'GET holds/?show=5': () => json(200, []),
    'GET onsale/5/': () => json(200, sale()),
    ...routes,
  });
}

describe('WaitlistPanel (a sold-out show)', () => {
  it('joins the waitlist for the seats chosen, by keyboard, and shows the place', async () => {
    const api = soldOutApi({
      [WAITLIST]: NOT_ON_IT,
      [JOIN]: () => json(200, waitlistEntry({ seats: 3, place: 4 })),
    });
    const { user } = renderApp('/user/seat-layout?show=5');

    expect(await screen.findByText('This show is sold out.')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Seats wanted'), '3');
    screen.getByRole('button', { name: 'Join the waitlist' }).focus();
    await user.keyboard('{Enter}');

    const place = await screen.findByText(/Your place on the waitlist:/);
    expect(place).toHaveTextContent('Your place on the waitlist: 4 (for 3 seats)');
    expect(place).toHaveAttribute('aria-live', 'polite');
    expect(api.callsTo(JOIN).map((call) => call.body)).toEqual([{ seats: 3 }]);
  }, 15_000);

  it('links an offer to the payment of the held seats', async () => {
    soldOutApi({
      [WAITLIST]: () =>
        json(
          200,
          waitlistEntry({
            state: 'offered',
            place: null,
            hold_id: 11,
            offer_expires_at: new Date(Date.now() + 600_000).toISOString(),
          }),
        ),
    });
    renderApp('/user/seat-layout?show=5');

    expect(await screen.findByText(/Seats came free and are held for you until/)).toBeVisible();
    const pay = screen.getByRole('link', { name: 'Pay for the held seats' });
    expect(pay).toHaveAttribute('href', '/user/payment?hold=11');
  }, 15_000);

  it('asks nothing about a waitlist while seats are free', async () => {
    const api = soldOutApi({ 'GET shows/5/': () => json(200, show({ id: 5 })) });
    renderApp('/user/seat-layout?show=5');
    await screen.findByRole('button', { name: 'Proceed to Pay' });
    await waitFor(() => expect(api.callsTo('GET shows/5/').length).toBeGreaterThan(0));
    expect(api.callsTo(WAITLIST)).toHaveLength(0);
    expect(screen.queryByText('This show is sold out.')).toBeNull();
  }, 15_000);
});
