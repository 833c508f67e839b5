import { useAuthStore } from '@cinema/auth';
import {
  currentSearch,
  currentState,
  deferred,
  expectPath,
  fakeApi,
  json,
  type Routes,
} from '@cinema/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announceHoldChange } from '../../lib/holdChannel';
import { STARTING_BALANCE, useWalletStore } from '../../lib/wallet/walletStore';
import { hold, show, ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { CUSTOMER_ID } from '../../test/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const payNow = () => screen.getByRole('button', { name: 'Pay Now' });
const balance = () => useWalletStore.getState().balances[String(CUSTOMER_ID)] ?? STARTING_BALANCE;

function paymentApi(routes: Routes = {}) {
  return fakeApi({
    'GET holds/11/': () => json(200, hold({ id: 11 })),
    'GET shows/5/': () => json(200, show({ id: 5 })),
    // The order just paid: hold 11's ticket, of a show still to come whatever the day.
    'GET my-tickets/': () =>
      json(200, [
        ticket({
          order_id: 11,
          starts_at: '2099-11-21T12:30:00Z',
          ends_at: '2099-11-21T15:05:00Z',
        }),
      ]),
    ...routes,
  });
}

async function openPayment(path = '/user/payment', state: unknown = { holdId: 11, showId: 5 }) {
  const rendered = renderApp(path, { state });
  await screen.findByRole('button', { name: 'Pay Now' });
  return rendered;
}

describe('PaymentPage', () => {
  it('shows the seat count, the seats, the total, the wallet and the time left', async () => {
    paymentApi();
    await openPayment();

    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(screen.getByText('Seats').nextElementSibling).toHaveTextContent('2');
    const seats = screen.getByRole('list', { name: 'Selected seats' });
    expect(seats).toHaveTextContent('A1');
    expect(seats).toHaveTextContent('A2');
    expect(screen.getByText('₹200')).toBeVisible();
    expect(screen.getByText('₹1,00,000')).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^0[45]:[0-5]\d$/);
  });

  it('reads the hold from ?hold= after a reload', async () => {
    const api = paymentApi();
    await openPayment('/user/payment?hold=11', null);

    expect(api.callsTo('GET holds/11/')).toHaveLength(1);
  });

  it('says the hold expired and offers to pick seats again once the time is up', async () => {
    paymentApi({
      'GET holds/11/': () =>
        json(200, hold({ id: 11, expires_at: new Date(Date.now() - 1000).toISOString() })),
    });
    const { user } = await openPayment();

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your seat hold has expired. Please select your seats again.',
    );
    expect(payNow()).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Select Seats Again' }));
    await expectPath('/user/seat-layout');
    expect(currentState()).toEqual({ showId: 5 });
  });

  it('says the hold expired when the server answers 410', async () => {
    paymentApi({ 'GET holds/11/': () => json(410, { detail: 'Gone', code: 'hold_expired' }) });
    renderApp('/user/payment', { state: { holdId: 11, showId: 5 } });

    expect(
      await screen.findByText('Your seat hold has expired. Please select your seats again.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Select Seats Again' })).toHaveAttribute(
      'href',
      '/user/seat-layout?show=5',
    );
  });

  it('says Insufficient balance! and books nothing when the wallet is short', async () => {
    useWalletStore.setState({ balances: { [String(CUSTOMER_ID)]: 150 } });
    const api = paymentApi();
    const { user } = await openPayment();

    await user.click(payNow());

    expect(await screen.findByText('Insufficient balance!')).toBeVisible();
    expect(api.callsTo('POST holds/11/confirm/')).toHaveLength(0);
    expect(balance()).toBe(150);
  });

  it('confirms with an Idempotency-Key, then charges the wallet and goes to My Tickets', async () => {
    const answer = deferred<Response>();
    const api = paymentApi({ 'POST holds/11/confirm/': () => answer.promise });
    const { user } = await openPayment();

    await user.click(payNow());

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(balance()).toBe(STARTING_BALANCE);
    const call = api.callsTo('POST holds/11/confirm/')[0];
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);

    answer.resolve(json(201, { tickets: [ticket()] }));

    expect(await screen.findByText('Payment Successful!')).toBeVisible();
    expect(await screen.findByText('Seats booked successfully!')).toBeVisible();
    await expectPath('/user/my-tickets');
    // My Tickets is told which order was just paid, to mark it.
    expect(currentSearch()).toBe('?order=11');
    expect(balance()).toBe(STARTING_BALANCE - 200);
    expect(await screen.findByRole('heading', { name: 'My Tickets', level: 1 })).toBeVisible();
  });

  it('toasts Booking failed! without charging, and a retry sends the same key', async () => {
    const api = paymentApi({ 'POST holds/11/confirm/': () => json(500, { detail: 'Boom' }) });
    const { user } = await openPayment();

    await user.click(payNow());
    expect(await screen.findByText('Booking failed!')).toBeVisible();
    expect(balance()).toBe(STARTING_BALANCE);

    await user.click(payNow());
    await waitFor(() => expect(api.callsTo('POST holds/11/confirm/')).toHaveLength(2));
    const [first, second] = api.callsTo('POST holds/11/confirm/');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(balance()).toBe(STARTING_BALANCE);
  });

  it('toasts the server’s detail and stops when the hold expired at confirmation', async () => {
    paymentApi({
      'POST holds/11/confirm/': () =>
        json(410, {
          detail: 'Your seat hold has expired. Please select your seats again.',
          code: 'hold_expired',
        }),
    });
    const { user } = await openPayment();

    await user.click(payNow());

    await waitFor(() => expect(payNow()).toBeDisabled());
    expect(
      screen.getAllByText('Your seat hold has expired. Please select your seats again.').length,
    ).toBeGreaterThanOrEqual(2);
    expect(balance()).toBe(STARTING_BALANCE);
  });

  it.each([
    [
      409,
      'seat_limit_reached',
      'One customer can have at most 10 seats of a show, held or booked; you have 11.',
    ],
    [429, 'too_many_requests', 'Too many bookings. Please wait 1 minute and try again.'],
  ])('on %i %s toasts the server’s detail and charges nothing', async (status, code, detail) => {
    paymentApi({ 'POST holds/11/confirm/': () => json(status, { detail, code }) });
    const { user } = await openPayment();

    await user.click(payNow());

    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.queryByText('Booking failed!')).toBeNull();
    expect(balance()).toBe(STARTING_BALANCE);
    expect(payNow()).toBeEnabled();
  });

  it('Back releases the hold and returns to the seats of the show', async () => {
    const api = paymentApi({
      'DELETE holds/11/': () => new Response(null, { status: 204 }),
      'GET shows/5/seats/': () => json(200, []),
    });
    const { user } = await openPayment();

    await user.click(screen.getByRole('button', { name: 'Back' }));

    await expectPath('/user/seat-layout');
    expect(api.callsTo('DELETE holds/11/')).toHaveLength(1);
    expect(currentState()).toEqual({ showId: 5 });
  });

  it('asks for a login when nobody is signed in', () => {
    useAuthStore.getState().logout();
    fakeApi({});
    renderApp('/user/payment', { state: { holdId: 11 } });

    expect(screen.getByText('Please log in to continue.')).toBeVisible();
    // The area's login prompt, which comes back here after logging in.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth/login?next=%2Fuser%2Fpayment',
    );
  });

  it('pays once however fast Pay Now is clicked: one booking, one charge, one toast', async () => {
    const api = paymentApi({ 'POST holds/11/confirm/': () => json(201, { tickets: [ticket()] }) });
    await openPayment();

    // Three clicks before React can re-render the button as busy.
    fireEvent.click(payNow());
    fireEvent.click(payNow());
    fireEvent.click(payNow());

    await expectPath('/user/my-tickets');
    expect(await screen.findByText('Payment Successful!')).toBeVisible();
    // My Tickets has loaded: any second payment would have been reported by now.
    expect(await screen.findByText('PVR Forum')).toBeVisible();
    expect(api.callsTo('POST holds/11/confirm/')).toHaveLength(1);
    expect(screen.getAllByText('Payment Successful!')).toHaveLength(1);
    expect(screen.getAllByText('Seats booked successfully!')).toHaveLength(1);
    expect(balance()).toBe(STARTING_BALANCE - 200);
  });

  it('shows a paid order as paid, with the way to its tickets and nothing to pay', async () => {
    paymentApi({ 'GET holds/11/': () => json(200, hold({ id: 11, status: 'confirmed' })) });
    const { user } = renderApp('/user/payment?hold=11');

    expect(await screen.findByText('This order is paid.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'View My Tickets' }));
    await expectPath('/user/my-tickets');
  });

  it('shows a released order as released and offers its show’s seats again', async () => {
    paymentApi({ 'GET holds/11/': () => json(200, hold({ id: 11, status: 'released' })) });
    renderApp('/user/payment?hold=11');

    expect(await screen.findByText(/These seats are no longer held for you/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Select Seats Again' })).toHaveAttribute(
      'href',
      '/user/seat-layout?show=5',
    );
  });

  it('offers the show’s seats again for an expired order reopened from its address', async () => {
    paymentApi({
      'GET holds/11/': () => json(410, { detail: 'Gone', code: 'hold_expired', show_id: 5 }),
    });
    renderApp('/user/payment?hold=11');

    expect(
      await screen.findByText('Your seat hold has expired. Please select your seats again.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Select Seats Again' })).toHaveAttribute(
      'href',
      '/user/seat-layout?show=5',
    );
  });

  it('learns at once when another tab replaced or paid the hold', async () => {
    let status = 'active';
    paymentApi({ 'GET holds/11/': () => json(200, hold({ id: 11, status: status as 'active' })) });
    await openPayment();

    status = 'released';
    announceHoldChange(5);

    expect(await screen.findByText(/These seats are no longer held for you/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('shows the order as paid when another tab paid it first', async () => {
    let status = 'active';
    const api = paymentApi({
      'GET holds/11/': () => json(200, hold({ id: 11, status: status as 'active' })),
      'POST holds/11/confirm/': () => {
        status = 'confirmed';
        return json(409, {
          detail: 'This seat hold has already been paid for.',
          code: 'hold_already_confirmed',
        });
      },
    });
    const { user } = await openPayment();

    await user.click(payNow());

    expect(await screen.findByText('This order is paid.')).toBeVisible();
    expect(screen.queryByText('Booking failed!')).toBeNull();
    expect(api.callsTo('POST holds/11/confirm/')).toHaveLength(1);
    expect(balance()).toBe(STARTING_BALANCE);
  });
});
