import { deferred, expectPath, fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seatsQueryKey } from '../../lib/queryKeys';
import { ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function cancelApi(routes: Routes = {}) {
  return fakeApi({
    'GET my-tickets/': () =>
      json(200, [ticket({ id: 21 }), ticket({ id: 22, movie_name: 'Tenet' })]),
    ...routes,
  });
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm Cancel' });

describe('CancelPage', () => {
  it('shows the ticket being cancelled with Back and Confirm Cancel', async () => {
    cancelApi();
    const { user } = renderApp('/user/cancel', { state: { ticketId: 21 } });

    expect(screen.getByRole('heading', { level: 1, name: 'Cancel Ticket' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeVisible();
    expect(screen.getByText('Row A, Seat 5')).toBeVisible();
    expect(confirmButton()).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await expectPath('/user/my-tickets');
  });

  it('cancels, toasts Ticket cancelled successfully! and returns to My Tickets', async () => {
    const answer = deferred<Response>();
    const api = cancelApi({ 'PATCH bookings/21/cancel/': () => answer.promise });
    const { user, queryClient } = renderApp('/user/cancel?ticket=21');
    queryClient.setQueryData(seatsQueryKey(5), []);

    await user.click(await screen.findByRole('button', { name: 'Confirm Cancel' }));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const call = api.callsTo('PATCH bookings/21/cancel/')[0];
    expect(call?.body).toBeUndefined();

    answer.resolve(json(200, ticket({ id: 21, is_cancelled: true, can_cancel: false })));

    expect(await screen.findByText('Ticket cancelled successfully!')).toBeVisible();
    await expectPath('/user/my-tickets');
    await waitFor(() => expect(api.callsTo('GET my-tickets/').length).toBeGreaterThanOrEqual(2));
    // The seat comes free on that show's map.
    expect(queryClient.getQueryState(seatsQueryKey(5))?.isInvalidated).toBe(true);
  });

  it('toasts the server’s reason when the cancellation is refused', async () => {
    cancelApi({
      'PATCH bookings/21/cancel/': () =>
        json(409, { detail: 'This show has already started.', code: 'show_started' }),
    });
    const { user } = renderApp('/user/cancel', { state: { ticketId: 21 } });

    await user.click(await screen.findByRole('button', { name: 'Confirm Cancel' }));

    expect(await screen.findByText('This show has already started.')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/cancel');
  });

  it('toasts Cancellation failed. when the server gives no reason', async () => {
    cancelApi({ 'PATCH bookings/21/cancel/': () => json(500, {}) });
    const { user } = renderApp('/user/cancel', { state: { ticketId: 21 } });

    await user.click(await screen.findByRole('button', { name: 'Confirm Cancel' }));

    expect(await screen.findByText('Cancellation failed.')).toBeVisible();
  });

  it('says so when the ticket is not among the bookings', async () => {
    cancelApi();
    renderApp('/user/cancel', { state: { ticketId: 99 } });

    expect(await screen.findByText('This ticket was not found among your bookings.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm Cancel' })).toBeNull();
  });
});
