import { currentSearch, currentState, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { qrPath } from './TicketQr';

function cardOf(movieName: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: movieName });
  return heading.closest('li') as HTMLElement;
}

/** Opens a tab of My Tickets (Upcoming, Past, Cancelled) and reads its orders' movies in order. */
async function moviesIn(
  user: UserEvent,
  part: 'Upcoming' | 'Past' | 'Cancelled',
): Promise<string[]> {
  await user.click(screen.getByRole('tab', { name: new RegExp(`^${part} \\(`) }));
  const list = screen.getByRole('list', { name: `${part} orders` });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

/** A ticket of a show `days` after the fixtures' day (21 Nov 2026, 18:00), of order `orderId`. */
function showIn(days: number, overrides: Parameters<typeof ticket>[0]) {
  const start = Date.parse('2026-11-21T12:30:00Z') + days * 86_400_000;
  return ticket({
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 2 * 3_600_000).toISOString(),
    date: new Date(start).toISOString().slice(0, 10),
    ...overrides,
  });
}

/** Seven orders of one seat each, 'Movie 1' tomorrow to 'Movie 7' in a week: two pages. */
function sevenOrders() {
  return Array.from({ length: 7 }, (_, index) =>
    showIn(1 + index, { id: 50 + index, movie_name: `Movie ${index + 1}`, order_id: index }),
  );
}

describe('MyTicketsPage', () => {
  // The fixtures' show (21 Nov 2026) is still to come.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows movie, theater, seat, show and status, with Cancel Ticket only where allowed', async () => {
    fakeApi({
      'GET my-tickets/': () =>
        json(200, [
          ticket({ id: 21, movie_name: 'Dune' }),
          ticket({ id: 22, movie_name: 'Arrival', is_cancelled: true, can_cancel: false }),
          ticket({ id: 23, movie_name: 'Tenet', can_cancel: false }),
        ]),
    });
    const { user } = renderApp('/user/my-tickets');

    // The page is loaded when it is opened (App.tsx): its heading comes with it.
    expect(await screen.findByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
    await screen.findByRole('list', { name: 'Upcoming orders' });

    const dune = cardOf('Dune');
    expect(dune).toHaveTextContent('PVR Forum');
    expect(dune).toHaveTextContent('Row A, Seat 5');
    // The show's date and time as every screen writes them.
    expect(dune).toHaveTextContent('Sat, 21 Nov 2026 · 18:00');
    expect(dune).toHaveTextContent('Confirmed');
    expect(within(dune).getByRole('button', { name: 'Cancel Ticket' })).toBeVisible();

    const tenet = cardOf('Tenet');
    expect(tenet).toHaveTextContent('Confirmed');
    expect(within(tenet).queryByRole('button', { name: 'Cancel Ticket' })).toBeNull();

    // A wholly cancelled order is kept apart from the tickets still to use.
    expect(screen.queryByRole('heading', { name: 'Arrival' })).toBeNull();
    expect(await moviesIn(user, 'Cancelled')).toEqual(['Arrival']);
    const arrival = cardOf('Arrival');
    expect(arrival).toHaveTextContent('Cancelled');
    expect(arrival).not.toHaveTextContent('Confirmed');
    expect(within(arrival).queryByRole('button', { name: 'Cancel Ticket' })).toBeNull();
  });

  it('shows each confirmed ticket’s QR code and code; a cancelled seat has neither', async () => {
    const code = '3f0c1a52-8a4e-4d2b-9f61-0b7c2f1e9a10';
    fakeApi({
      'GET my-tickets/': () =>
        json(200, [
          ticket({ id: 21, order_id: 7, code }),
          ticket({
            id: 22,
            order_id: 7,
            seat: { id: 6, row: 'A', column: 6 },
            is_cancelled: true,
            can_cancel: false,
            code: '11111111-2222-4333-8444-555555555555',
          }),
        ]),
    });
    renderApp('/user/my-tickets');
    await screen.findByRole('list', { name: 'Upcoming orders' });

    const dune = cardOf('Dune');
    const qr = within(dune).getByRole('img', { name: 'QR code of your ticket for seat A5' });
    // Without a pass (an API that sent none), the drawing is the QR code of the ticket's code,
    // module for module.
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(code).d);
    expect(dune).toHaveTextContent(`Ticket code${code}`);
    expect(within(dune).getByRole('button', { name: 'Add to calendar' })).toBeVisible();

    // The order's cancelled seat: its state, no code, no QR code.
    expect(within(dune).getAllByRole('img')).toHaveLength(1);
    const seatA6 = within(dune).getByText('Row A, Seat 6').closest('li') as HTMLElement;
    expect(seatA6).toHaveTextContent('Cancelled');
    expect(seatA6).not.toHaveTextContent('Ticket code');
    expect(seatA6).not.toHaveTextContent('11111111');
  });

  it('draws the QR code of the ticket’s signed pass, and still shows the code to type', async () => {
    const code = '3f0c1a52-8a4e-4d2b-9f61-0b7c2f1e9a10';
    const pass =
      'CB1.Zx0_aB9c.5.A5.3f0c1a528a4e4d2b9f610b7c2f1e9a10.8k0z5Zm3lYp2Qy0pVbA1nP9rXc7tUv3wEo5iHa2sDf4gJk6lZx8cVb0nMq1wEr3tYu5iOp7aSd9fGh2jKl4zXc6vBnA';
    fakeApi({ 'GET my-tickets/': () => json(200, [{ ...ticket({ code }), pass }]) });
    renderApp('/user/my-tickets');
    await screen.findByRole('list', { name: 'Upcoming orders' });
    const dune = cardOf('Dune');
    const qr = await within(dune).findByRole('img', {
      name: 'QR code of your ticket for seat A5',
    });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(pass).d);
    expect(qrPath(pass).d).not.toBe(qrPath(code).d);
    // The plain code stays under it, for staff to type by hand.
    expect(dune).toHaveTextContent(`Ticket code${code}`);
  });

  it('a checked-in ticket says when, and offers no cancel', async () => {
    fakeApi({
      'GET my-tickets/': () =>
        json(200, [ticket({ id: 21, checked_in_at: '2026-11-21T12:05:00Z', can_cancel: false })]),
    });
    renderApp('/user/my-tickets');
    await screen.findByRole('list', { name: 'Upcoming orders' });
    const dune = cardOf('Dune');
    expect(dune).toHaveTextContent('Checked in');
    expect(within(dune).queryByRole('button', { name: 'Cancel Ticket' })).toBeNull();
  });

  it('Add to calendar downloads the ticket’s .ics from the API', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const api = fakeApi({
      'GET my-tickets/': () => json(200, [ticket({ id: 21, movie_name: 'Dune: Part Two' })]),
      'GET my-tickets/21/calendar.ics/': () =>
        new Response(ics, { status: 200, headers: { 'Content-Type': 'text/calendar' } }),
    });
    const created: Blob[] = [];
    const saved: string[] = [];
    // jsdom has no object URLs: these two stand in for the browser's.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:calendar';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderApp('/user/my-tickets');

    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));

    await waitFor(() => expect(saved).toEqual(['dune-part-two-2026-11-21.ics']));
    expect(api.callsTo('GET my-tickets/21/calendar.ics/')).toHaveLength(1);
    expect(await created[0]?.text()).toBe(ics);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('a calendar file that cannot be had says so', async () => {
    fakeApi({
      'GET my-tickets/': () => json(200, [ticket({ id: 21 })]),
      'GET my-tickets/21/calendar.ics/': () => json(500, { detail: 'boom' }),
    });
    const { user } = renderApp('/user/my-tickets');
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(
      await screen.findByText('The calendar file could not be downloaded. Please try again.'),
    ).toBeVisible();
  });

  it('Cancel Ticket goes to cancel with the ticket id in navigation state', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, [ticket({ id: 21 })]) });
    const { user } = renderApp('/user/my-tickets');

    await user.click(await screen.findByRole('button', { name: 'Cancel Ticket' }));

    await expectPath('/user/cancel');
    expect(currentState()).toEqual({ ticketId: 21 });
    expect(currentSearch()).toBe('?ticket=21');
  });

  it('shows one card per order, the soonest show first, past and cancelled orders apart', async () => {
    fakeApi({
      // As the API sends them: the furthest show first.
      'GET my-tickets/': () =>
        json(200, [
          showIn(9, { id: 40, movie_name: 'Cancelled Later', order_id: 9, is_cancelled: true }),
          showIn(5, { id: 30, movie_name: 'Later', order_id: 8 }),
          ...(['A', 'B', 'C'] as const).map((row, index) =>
            showIn(2, {
              id: 21 + index,
              movie_name: 'Dune',
              order_id: 7,
              seat: { id: 1 + index, row, column: 1 },
              total_price: 150,
              is_cancelled: row === 'C',
              can_cancel: row !== 'C',
            }),
          ),
          showIn(0, { id: 20, movie_name: 'Soonest', order_id: null }),
          showIn(-3, { id: 10, movie_name: 'Last Week', order_id: 6, can_cancel: false }),
        ]),
    });
    const { user } = renderApp('/user/my-tickets');
    await screen.findByRole('list', { name: 'Upcoming orders' });

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Upcoming (3)',
      'Past (1)',
      'Cancelled (1)',
    ]);
    expect(await moviesIn(user, 'Past')).toEqual(['Last Week']);
    // A past order has nothing to show at a door.
    expect(within(cardOf('Last Week')).queryByRole('button', { name: /QR codes/ })).toBeNull();
    expect(within(cardOf('Last Week')).queryByRole('img')).toBeNull();
    expect(currentSearch()).toBe('?part=past');
    expect(await moviesIn(user, 'Cancelled')).toEqual(['Cancelled Later']);
    expect(await moviesIn(user, 'Upcoming')).toEqual(['Soonest', 'Dune', 'Later']);
    expect(currentSearch()).toBe('');
    // The soonest order shows its QR code at once; the others on request.
    expect(
      await within(cardOf('Soonest')).findByRole('img', { name: /^QR code of your ticket/ }),
    ).toBeVisible();

    // The order: its seats, what it costs now (C was cancelled), each seat's QR code and cancel.
    const dune = cardOf('Dune');
    expect(dune).toHaveTextContent('SeatsA1, B1, C1');
    expect(dune).toHaveTextContent('Total₹300');
    const seats = within(within(dune).getByRole('list', { name: 'Tickets of Dune' })).getAllByRole(
      'listitem',
    );
    expect(seats.map((seat) => seat.textContent?.slice(0, 28))).toEqual([
      expect.stringContaining('Row A, Seat 1✓Confirmed'),
      expect.stringContaining('Row B, Seat 1✓Confirmed'),
      expect.stringContaining('Row C, Seat 1✕Cancelled'),
    ]);
    expect(within(dune).queryByRole('img')).toBeNull();
    expect(dune).not.toHaveTextContent('Ticket code');
    const toggle = within(dune).getByRole('button', { name: 'Show QR codes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide QR codes');
    expect(
      await within(dune).findAllByRole('img', { name: /^QR code of your ticket/ }),
    ).toHaveLength(2);
    const cancels = within(dune).getAllByRole('button', { name: 'Cancel Ticket' });
    expect(cancels).toHaveLength(2);
    // Each cancel says which seat of which movie, to a screen reader too.
    expect(cancels[1]).toHaveAccessibleDescription('Dune Row B, Seat 1');
    // One calendar entry for the order's show.
    expect(within(dune).getAllByRole('button', { name: 'Add to calendar' })).toHaveLength(1);
    expect(screen.queryByText('Just booked')).toBeNull();
  });

  it('marks the order just paid (payment sends ?order=)', async () => {
    fakeApi({
      'GET my-tickets/': () =>
        json(200, [
          showIn(5, { id: 30, movie_name: 'Later', order_id: 8 }),
          showIn(2, { id: 21, movie_name: 'Dune', order_id: 7 }),
        ]),
    });
    renderApp('/user/my-tickets?order=8');
    await screen.findByRole('list', { name: 'Upcoming orders' });
    expect(within(cardOf('Later')).getByText('Just booked')).toBeVisible();
    expect(within(cardOf('Dune')).queryByText('Just booked')).toBeNull();
    // Both open: the one just bought, and the soonest.
    expect(await within(cardOf('Later')).findByRole('img')).toBeVisible();
    expect(within(cardOf('Dune')).getByRole('img')).toBeVisible();
  });

  it('lists five orders a page; the page is in the address', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, sevenOrders()) });
    const { user } = renderApp('/user/my-tickets');
    await screen.findByRole('list', { name: 'Upcoming orders' });
    const pages = screen.getByRole('navigation', { name: 'Pages of upcoming orders' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    const movies = () =>
      within(screen.getByRole('list', { name: 'Upcoming orders' }))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);
    expect(movies()).toEqual(['Movie 1', 'Movie 2', 'Movie 3', 'Movie 4', 'Movie 5']);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(movies()).toEqual(['Movie 6', 'Movie 7']);
    expect(currentSearch()).toBe('?page=2');
  });

  it('reads nonsense in the address as the first page of upcoming orders, nothing marked', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, sevenOrders()) });
    renderApp('/user/my-tickets?part=%00&page=-3&order=0000');
    await screen.findByRole('list', { name: 'Upcoming orders' });
    expect(screen.getByRole('tab', { name: /^Upcoming/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('navigation', { name: 'Pages of upcoming orders' })).toHaveTextContent(
      'Page 1 of 2',
    );
    expect(screen.queryByText('Just booked')).toBeNull();
  });

  it('opens on the page of the order just paid, which may not be the first', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, sevenOrders()) });
    renderApp('/user/my-tickets?order=6');
    await screen.findByRole('list', { name: 'Upcoming orders' });
    expect(screen.getByRole('navigation', { name: 'Pages of upcoming orders' })).toHaveTextContent(
      'Page 2 of 2',
    );
    expect(within(cardOf('Movie 7')).getByText('Just booked')).toBeVisible();
  });

  it('says when nothing is upcoming, and keeps the past orders in their tab', async () => {
    fakeApi({
      'GET my-tickets/': () => json(200, [showIn(-3, { id: 10, movie_name: 'Last Week' })]),
    });
    const { user } = renderApp('/user/my-tickets');
    expect(await screen.findByText('No upcoming tickets.')).toBeVisible();
    expect(await moviesIn(user, 'Past')).toEqual(['Last Week']);
  });

  it('says No bookings found. when there are none', async () => {
    fakeApi({ 'GET my-tickets/': () => json(200, []) });
    renderApp('/user/my-tickets');

    expect(await screen.findByText('No bookings found.')).toBeVisible();
  });

  it('says Failed to load bookings where the list would be, once: no toast besides', async () => {
    fakeApi({ 'GET my-tickets/': () => json(500, {}) });
    renderApp('/user/my-tickets');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load bookings');
    expect(screen.getAllByText('Failed to load bookings')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
