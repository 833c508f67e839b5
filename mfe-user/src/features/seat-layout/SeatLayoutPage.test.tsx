import {
  currentPath,
  currentSearch,
  currentState,
  deferred,
  expectPath,
  fakeApi,
  json,
  type Routes,
} from '@cinema/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hold, sale, seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const seatButton = (name: string) => screen.getByRole('button', { name });
const countField = () => screen.getByLabelText('Number of Tickets');

function seatApi(routes: Routes = {}) {
  return fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5 })),
    'GET shows/5/seats/': () =>
      json(200, seatMap({ A2: 'booked', A3: 'mine', A5: 'held', B5: 'my_hold' })),
    'GET holds/?show=5': () => json(200, []),
    'GET onsale/5/': () => json(200, sale()),
    ...routes,
  });
}

async function openSeats(path = '/user/seat-layout', state: unknown = { showId: 5 }) {
  const rendered = renderApp(path, { state });
  await screen.findByRole('button', { name: 'Seat A1, available' });
  return rendered;
}

async function setCount(user: Awaited<ReturnType<typeof openSeats>>['user'], value: string) {
  await user.clear(countField());
  if (value !== '') await user.type(countField(), value);
}

describe('SeatLayoutPage', () => {
  it('shows the show, the screen, labelled rows and every seat with its state in its name', async () => {
    seatApi();
    await openSeats();

    expect(screen.getByRole('heading', { level: 1, name: 'Select Seats' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(screen.getByText('PVR Forum')).toBeVisible();
    // The screen the show plays on (in the summary), and the screen's mark above the seats.
    expect(screen.getByText('Screen 1')).toBeVisible();
    expect(screen.getByText('Screen', { selector: 'div' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Row A' })).toBeVisible();
    expect(within(screen.getByRole('row', { name: 'Row B' })).getAllByRole('button')).toHaveLength(
      5,
    );

    expect(seatButton('Seat A1, available')).not.toHaveAttribute('aria-disabled');
    expect(seatButton('Seat A2, booked')).toHaveAttribute('aria-disabled', 'true');
    expect(seatButton('Seat A3, my ticket')).toHaveAttribute('aria-disabled', 'true');
    expect(seatButton('Seat A5, held by another customer')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The caller's own hold is theirs to pick.
    expect(seatButton('Seat B5, available')).not.toHaveAttribute('aria-disabled');
  });

  it('has a legend with a mark beside each colour', async () => {
    seatApi();
    await openSeats();

    const legend = screen.getByRole('list', { name: 'Seat legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '○Available',
      '✕Booked',
      '★My Ticket',
      '✓Selected',
      '◐Held',
    ]);
  });

  it('selects and deselects seats with the keyboard, and totals 100 rupees a seat', async () => {
    seatApi();
    const { user } = await openSeats();
    await setCount(user, '2');

    // Focusing a seat moves the grid's Tab stop (a state update), so it goes through act.
    act(() => seatButton('Seat A1, available').focus());
    await user.keyboard('{Enter}');
    expect(seatButton('Seat A1, selected')).toHaveFocus();
    await user.click(seatButton('Seat A4, available'));
    expect(screen.getByText('Selected seats: A1, A4')).toBeVisible();
    expect(screen.getByText('₹200')).toBeVisible();

    act(() => seatButton('Seat A1, selected').focus());
    await user.keyboard(' ');
    expect(seatButton('Seat A1, available')).toBeVisible();
    expect(screen.getByText('₹100')).toBeVisible();
  });

  it('drops the oldest seat when one more is picked than the count, and ignores booked ones', async () => {
    seatApi();
    const { user } = await openSeats();
    await setCount(user, '2');

    await user.click(seatButton('Seat A1, available'));
    await user.click(seatButton('Seat A4, available'));
    await user.click(seatButton('Seat B1, available'));
    expect(screen.getByText('Selected seats: A4, B1')).toBeVisible();

    await user.click(seatButton('Seat A2, booked'));
    await user.click(seatButton('Seat A3, my ticket'));
    expect(screen.getByText('Selected seats: A4, B1')).toBeVisible();
  });

  it('clears the selection when the ticket count changes', async () => {
    seatApi();
    const { user } = await openSeats();

    await user.click(seatButton('Seat A1, available'));
    expect(screen.getByText('Selected seats: A1')).toBeVisible();
    await setCount(user, '3');
    expect(screen.getByText('No seats selected.')).toBeVisible();
  });

  it('says Please select between 1 and 10 tickets and ignores seat clicks outside 1..10', async () => {
    seatApi();
    const { user } = await openSeats();
    expect(countField()).toHaveValue(1);

    await setCount(user, '11');
    expect(screen.getByText('Please select between 1 and 10 tickets')).toBeVisible();
    expect(countField()).toHaveAttribute('aria-invalid', 'true');
    await user.click(seatButton('Seat A1, available'));
    expect(screen.getByRole('button', { name: 'Seat A1, available' })).toBeVisible();

    await setCount(user, '0');
    expect(screen.getByText('Please select between 1 and 10 tickets')).toBeVisible();

    await setCount(user, '10');
    expect(screen.queryByText('Please select between 1 and 10 tickets')).toBeNull();
  });

  it('says Please select exactly {n} seats. when fewer seats are picked than tickets', async () => {
    const api = seatApi();
    const { user } = await openSeats();
    await setCount(user, '2');
    await user.click(seatButton('Seat A1, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByText('Please select exactly 2 seats.')).toBeVisible();
    expect(api.callsTo('POST holds/')).toHaveLength(0);
  });

  it('holds the seats and goes to payment with the hold id', async () => {
    const api = seatApi({ 'POST holds/': () => json(201, hold({ id: 11 })) });
    const { user } = await openSeats();
    await setCount(user, '2');
    await user.click(seatButton('Seat A1, available'));
    await user.click(seatButton('Seat B5, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    await expectPath('/user/payment');
    expect(api.callsTo('POST holds/')[0]?.body).toEqual({ show_id: 5, seat_ids: [1, 10] });
    expect(currentState()).toEqual({ holdId: 11, showId: 5 });
    expect(currentSearch()).toBe('?hold=11');
  });

  it('on 409 toasts the server’s detail, drops the taken seats and reloads the map', async () => {
    let seats = seatMap();
    const api = fakeApi({
      'GET shows/5/': () => json(200, show({ id: 5 })),
      'GET shows/5/seats/': () => json(200, seats),
      'POST holds/': () => {
        seats = seatMap({ A1: 'held' });
        return json(409, {
          detail: 'Some seats are no longer available: A1',
          code: 'seats_unavailable',
          seats: ['A1'],
        });
      },
    });
    const { user } = await openSeats();
    await setCount(user, '2');
    await user.click(seatButton('Seat A1, available'));
    await user.click(seatButton('Seat A4, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByText('Some seats are no longer available: A1')).toBeVisible();
    expect(screen.getByText('Selected seats: A4')).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Seat A1, held by another customer' }),
    ).toBeVisible();
    expect(api.callsTo('GET shows/5/seats/').length).toBeGreaterThanOrEqual(2);
    expect(currentPath()).toBe('/user/seat-layout');
  });

  it('on a per-customer seat limit toasts the server’s detail once and keeps the selection', async () => {
    const detail = 'One customer can have at most 10 seats of a show, held or booked; you have 9.';
    const api = seatApi({
      'POST holds/': () => json(409, { detail, code: 'seat_limit_reached', limit: 10, owned: 9 }),
    });
    const { user } = await openSeats();
    await setCount(user, '2');
    await user.click(seatButton('Seat A1, available'));
    await user.click(seatButton('Seat A4, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(await screen.findByText(detail)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await waitFor(() => expect(api.callsTo('POST holds/')).toHaveLength(2));

    expect(screen.getAllByText(detail)).toHaveLength(1);
    expect(screen.getByText('Selected seats: A1, A4')).toBeVisible();
    expect(currentPath()).toBe('/user/seat-layout');
  });

  it('on the limit of shows held at once toasts the server’s detail', async () => {
    const detail =
      'You can hold seats for at most 3 shows at a time. Pay for or release one of your holds first.';
    seatApi({ 'POST holds/': () => json(409, { detail, code: 'hold_limit_reached', limit: 3 }) });
    const { user } = await openSeats();
    await user.click(seatButton('Seat A1, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.getByText('Selected seats: A1')).toBeVisible();
    expect(currentPath()).toBe('/user/seat-layout');
  });

  it('drops seats the customer must let rest and toasts why', async () => {
    const detail =
      'You held A1 until a moment ago. To give others a chance you can hold it again in 10 minutes; please choose other seats meanwhile.';
    seatApi({
      'POST holds/': () =>
        json(409, { detail, code: 'seats_recently_held', seats: ['A1'], retry_after: 598 }),
    });
    const { user } = await openSeats();
    await setCount(user, '2');
    await user.click(seatButton('Seat A1, available'));
    await user.click(seatButton('Seat A4, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.getByText('Selected seats: A4')).toBeVisible();
  });

  it('on 429 toasts the server’s detail and stays on the seats', async () => {
    const detail = 'Too many seat holds. Please wait 1 minute and try again.';
    seatApi({ 'POST holds/': () => json(429, { detail, code: 'too_many_requests' }) });
    const { user } = await openSeats();
    await user.click(seatButton('Seat A1, available'));

    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.getByText('Selected seats: A1')).toBeVisible();
    expect(currentPath()).toBe('/user/seat-layout');
  });

  it('reads the show from ?show= when there is no navigation state', async () => {
    seatApi();
    await openSeats('/user/seat-layout?show=5', undefined);

    expect(seatButton('Seat A1, available')).toBeVisible();
  });

  it('asks for a show, linking to Shows, when none was given', () => {
    fakeApi({});
    renderApp('/user/seat-layout');

    expect(screen.getByText('Choose a show first to see its seats.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Shows' })).toHaveAttribute(
      'href',
      '/user/shows',
    );
  });

  it('says Failed to load seats when the seats cannot be loaded', async () => {
    seatApi({ 'GET shows/5/seats/': () => json(500, {}) });
    renderApp('/user/seat-layout', { state: { showId: 5 } });

    expect(await screen.findByText('Failed to load seats')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dune' })).toBeVisible());
  });

  it('says the show could not be loaded, with Retry, and Retry brings it back', async () => {
    let failing = true;
    seatApi({
      'GET shows/5/': () => (failing ? json(500, {}) : json(200, show({ id: 5 }))),
    });
    const { user } = renderApp('/user/seat-layout', { state: { showId: 5 } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The show details could not be loaded.');
    expect(screen.queryByText('Loading seats...')).not.toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeVisible();
  });

  it('shows the hold the customer placed in another tab, to continue paying for it', async () => {
    const api = seatApi({
      'GET holds/?show=5': () =>
        json(200, [hold({ id: 11, seats: [{ id: 10, row: 'B', column: 5, label: 'B5' }] })]),
    });
    const { user } = await openSeats();

    const notice = await screen.findByRole('region', { name: 'Seats waiting for payment' });
    expect(notice).toHaveTextContent('You are holding seat B5 for this show');
    expect(notice).toHaveTextContent(/0[45]:[0-5]\d left to pay/);
    expect(notice).toHaveTextContent('Proceeding with other seats replaces this hold.');
    expect(api.callsTo('GET holds/?show=5')).toHaveLength(1);

    await user.click(within(notice).getByRole('link', { name: 'Continue to Payment' }));
    await expectPath('/user/payment');
    expect(currentSearch()).toBe('?hold=11');
    expect(currentState()).toEqual({ holdId: 11, showId: 5 });
  });

  it('asks for the customer’s hold only when the map shows seats under it', async () => {
    const api = seatApi({ 'GET shows/5/seats/': () => json(200, seatMap({ A2: 'booked' })) });
    await openSeats();

    expect(screen.queryByRole('region', { name: 'Seats waiting for payment' })).toBeNull();
    expect(api.callsTo('GET holds/?show=5')).toHaveLength(0);
  });

  it('draws the show, the controls, the map and the total in one paint, so nothing moves under a finger', async () => {
    const showAnswer = deferred<void>();
    // A fresh answer for every call: the summary may ask again as it mounts.
    seatApi({ 'GET shows/5/': () => showAnswer.promise.then(() => json(200, show({ id: 5 }))) });
    renderApp('/user/seat-layout', { state: { showId: 5 } });

    // The seats are in, the show is not: nothing of the screen yet, only its loading state.
    expect(await screen.findByText('Loading seats...')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Seat A1, available' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Proceed to Pay' })).toBeNull();
    expect(screen.queryByLabelText('Number of Tickets')).toBeNull();

    await act(async () => showAnswer.resolve());
    expect(await screen.findByRole('button', { name: 'Seat A1, available' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(screen.queryByText('Loading seats...')).toBeNull();
  });
});
