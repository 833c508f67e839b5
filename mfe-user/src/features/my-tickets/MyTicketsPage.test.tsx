import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function cardOf(movieName: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: movieName });
  return heading.closest('li') as HTMLElement;
}

describe('MyTicketsPage', () => {
  it('shows movie, theater, seat, show and status, with Cancel Ticket only where allowed', async () => {
    fakeApi({
      'GET my-tickets/': () =>
        json(200, [
          ticket({ id: 21, movie_name: 'Dune' }),
          ticket({ id: 22, movie_name: 'Arrival', is_cancelled: true, can_cancel: false }),
          ticket({ id: 23, movie_name: 'Tenet', can_cancel: false }),
        ]),
    });
    renderApp('/user/my-tickets');

    expect(screen.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
    await screen.findByRole('list', { name: 'My tickets' });

    const dune = cardOf('Dune');
    expect(dune).toHaveTextContent('PVR Forum');
    expect(dune).toHaveTextContent('Row A, Seat 5');
    // The show's date and time as every screen writes them.
    expect(dune).toHaveTextContent('Sat, 21 Nov 2026 · 18:00');
    expect(dune).toHaveTextContent('Confirmed');
    expect(within(dune).getByRole('button', { name: 'Cancel Ticket' })).toBeVisible();

    const arrival = cardOf('Arrival');
    expect(arrival).toHaveTextContent('Cancelled');
    expect(arrival).not.toHaveTextContent('Confirmed');
    expect(within(arrival).queryByRole('button', { name: 'Cancel Ticket' })).toBeNull();

    const tenet = cardOf('Tenet');
    expect(tenet).toHaveTextContent('Confirmed');
    expect(within(tenet).queryByRole('button', { name: 'Cancel Ticket' })).toBeNull();
  });

  it('Cancel Ticket goes to cancel with the ticket id in navigation state', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, [ticket({ id: 21 })]) });
    const { user } = renderApp('/user/my-tickets');

    await user.click(await screen.findByRole('button', { name: 'Cancel Ticket' }));

    await expectPath('/user/cancel');
    expect(currentState()).toEqual({ ticketId: 21 });
    expect(currentSearch()).toBe('?ticket=21');
  });

  it('says No bookings found. when there are none', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, []) });
    renderApp('/user/my-tickets');

    expect(await screen.findByText('No bookings found.')).toBeVisible();
  });

  it('toasts Failed to load bookings when the list cannot be loaded', async () => {
    fakeApi({ 'GET my-tickets/': () => json(500, {}) });
    renderApp('/user/my-tickets');

    expect(await screen.findByText('Failed to load bookings')).toBeVisible();
  });
});
