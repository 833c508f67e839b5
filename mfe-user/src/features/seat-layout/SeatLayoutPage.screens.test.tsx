import { fakeApi, fakeEventStreams, json, type Routes, sse } from '@cinema/test-utils';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MapSeat, SeatPlace } from '../../lib/seat-selection/seatLayout';
import { hold, sale, seat, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { noneFreeMessage } from './BestAvailable';

// A screen with aisles, categories and accessible seats (docs/decisions/0045-screens-and-seat-layouts.md):
// row A (Standard ₹100): A1 wheelchair space (x 1) with companion A2 (x 2), an aisle (x 3),
// A3..A6 at x 4..7; row B (Recliner ₹350): B1 B2 at x 1..2, an aisle, B3..B5 at x 4..6 and a
// blocked seat B6 at x 7. Ids: A1..A6 -> 1..6, B1..B6 -> 7..12.
const A_X = [1, 2, 4, 5, 6, 7];
const B_X = [1, 2, 4, 5, 6, 7];
const STANDARD = { category: 'Standard', price: 100 };
const RECLINER = { category: 'Recliner', price: 350 };
const IN_AN_HOUR = new Date(Date.now() + 3_600_000).toISOString();

function multiplex(statuses: Record<string, MapSeat['status']> = {}): MapSeat[] {
  const at = (label: string, id: number, place: Partial<SeatPlace>) => ({
    ...seat(label, statuses[label] ?? 'available', place),
    id,
  });
  return [
    ...A_X.map((x, index) =>
      at(`A${index + 1}`, index + 1, {
        row_pos: 1,
        x,
        ...STANDARD,
        ...(index === 0 ? { kind: 'wheelchair', partner_x: 2 } : {}),
        ...(index === 1 ? { kind: 'companion', partner_x: 1 } : {}),
      }),
    ),
    ...B_X.map((x, index) =>
      at(`B${index + 1}`, index + 7, {
        row_pos: 2,
        x,
        ...RECLINER,
        ...(index === 5 ? { kind: 'blocked' } : {}),
      }),
    ),
  ];
}

const seatButton = (name: string) => screen.getByRole('button', { name });
const countField = () => screen.getByLabelText('Number of Tickets');

function screenApi(routes: Routes = {}, seats = multiplex()) {
  return fakeApi({
    'GET shows/5/': () =>
      json(200, {
        ...show({ id: 5 }),
        screen: 2,
        screen_name: 'Audi 2',
        accessible_release_at: IN_AN_HOUR,
        min_price: 100,
        max_price: 350,
      }),
    'GET shows/5/seats/': () => json(200, seats),
    'GET holds/?show=5': () => json(200, []),
    'GET onsale/5/': () => json(200, sale()),
    ...routes,
  });
}

async function openSeats() {
  const rendered = renderApp('/user/seat-layout', { state: { showId: 5 } });
  await screen.findByRole('button', { name: 'Seat A3, Standard, ₹100, available' });
  return rendered;
}

type User = Awaited<ReturnType<typeof openSeats>>['user'];

async function setCount(user: User, value: string) {
  await user.clear(countField());
  await user.type(countField(), value);
}

describe('the seat page of a screen with categories, aisles and accessible seats', () => {
  it('has a legend of the categories with their prices and of the accessible seats', async () => {
    screenApi();
    await openSeats();

    const categories = screen.getByRole('list', { name: 'Seat categories' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Recliner ₹350', 'Standard ₹100', '⊘Not for sale']);
    const legend = screen.getByRole('list', { name: 'Seat legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '○Available',
      '✕Booked',
      '★My Ticket',
      '✓Selected',
      '◐Held',
      '♿Wheelchair space',
      '+Companion seat (beside a wheelchair space)',
    ]);
  });

  it('names each seat by kind, category and price, and never picks a blocked seat', async () => {
    screenApi();
    const { user } = await openSeats();

    expect(seatButton('Seat B3, Recliner, ₹350, available')).not.toHaveAttribute('aria-disabled');
    expect(seatButton('Seat A2, companion seat, Standard, ₹100, available')).toBeVisible();
    const blocked = seatButton('Seat B6, not for sale');
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await user.click(blocked);
    expect(screen.getByText('No seats selected.')).toBeVisible();
    // An aisle is empty space: the rows have their seats only, and no column numbers over it.
    expect(within(screen.getByRole('row', { name: 'Row B' })).getAllByRole('button')).toHaveLength(
      6,
    );
  });

  it('totals the picked seats at their own prices', async () => {
    screenApi();
    const { user } = await openSeats();
    await setCount(user, '2');

    await user.click(seatButton('Seat B3, Recliner, ₹350, available'));
    await user.click(seatButton('Seat A3, Standard, ₹100, available'));
    expect(screen.getByText('Selected seats: B3, A3')).toBeVisible();
    expect(screen.getByText('₹450')).toBeVisible();
  });

  it('picks the best seats together in the priciest category, and says so when none are free', async () => {
    screenApi();
    const { user } = await openSeats();
    await setCount(user, '2');

    expect(screen.getByLabelText('Category')).toHaveValue('Recliner');
    await user.click(screen.getByRole('button', { name: 'Best available' }));
    // B3 B4 are nearer the centre but would leave B5 alone beside the blocked seat.
    expect(screen.getByText('Selected seats: B4, B5')).toBeVisible();
    expect(screen.getByText('₹700')).toBeVisible();

    await setCount(user, '4');
    await user.click(screen.getByRole('button', { name: 'Best available' }));
    expect(screen.getByText(noneFreeMessage(4, 'Recliner'))).toBeVisible();
    expect(screen.getByText('No seats selected.')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Category'), 'Standard');
    await user.click(screen.getByRole('button', { name: 'Best available' }));
    expect(screen.getByText('Selected seats: A3, A4, A5, A6')).toBeVisible();
    expect(screen.getByText('₹400')).toBeVisible();
  });

  it('refuses a selection that strands a seat before asking the server', async () => {
    const api = screenApi({}, multiplex({ A6: 'booked' }));
    const { user } = await openSeats();

    await user.click(seatButton('Seat A4, Standard, ₹100, available'));
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Seat A5 would be left empty on its own. Please choose seats without a single-seat gap.',
    );
    expect(api.callsTo('POST holds/')).toHaveLength(0);

    // Another seat: the message goes with the selection it was about.
    await user.click(seatButton('Seat A5, Standard, ₹100, available'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s words when a rule refuses the hold, and keeps the selection', async () => {
    const detail =
      'Seat A4 would be left empty on its own. Please choose seats without a single-seat gap.';
    screenApi({
      'POST holds/': () => json(409, { detail, code: 'seat_stranded', seats: ['A4'] }),
    });
    const { user } = await openSeats();

    await user.click(seatButton('Seat A5, Standard, ₹100, available'));
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByText('Selected seats: A5')).toBeVisible();
  });

  it('keeps wheelchair spaces for customers who say they need one, and tells the server', async () => {
    const api = screenApi({ 'POST holds/': () => json(201, hold({ id: 11 })) });
    const { user } = await openSeats();
    await setCount(user, '2');

    const held =
      'Seat A1, wheelchair space, Standard, ₹100, kept for customers who need a wheelchair space';
    expect(seatButton(held)).toHaveAttribute('aria-disabled', 'true');
    await user.click(seatButton(held));
    expect(screen.getByText('No seats selected.')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'I need a wheelchair space' }));
    await user.click(seatButton('Seat A1, wheelchair space, Standard, ₹100, available'));
    await user.click(seatButton('Seat A2, companion seat, Standard, ₹100, available'));
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    await waitFor(() => expect(api.callsTo('POST holds/')).toHaveLength(1));
    expect(api.callsTo('POST holds/')[0]?.body).toEqual({
      show_id: 5,
      seat_ids: [1, 2],
      accessible: true,
    });
  });

  it('refuses a companion seat alone while its wheelchair space is free', async () => {
    const api = screenApi();
    const { user } = await openSeats();

    await user.click(seatButton('Seat A2, companion seat, Standard, ₹100, available'));
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Companion seat A2 goes with wheelchair space A1: book them together, or choose another seat.',
    );
    expect(api.callsTo('POST holds/')).toHaveLength(0);
  });
});

describe('the list of seats for screen readers', () => {
  it('lists the seats row by row as checkboxes with the same rules, and is remembered', async () => {
    screenApi();
    const { user } = await openSeats();
    await setCount(user, '2');

    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    const rowB = screen.getByRole('group', { name: 'Row B' });
    expect(within(rowB).getByRole('heading', { name: 'Row B' })).toBeVisible();
    expect(
      within(rowB)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual([
      'B1, Recliner, ₹350, available',
      'B2, Recliner, ₹350, available',
      'B3, Recliner, ₹350, available',
      'B4, Recliner, ₹350, available',
      'B5, Recliner, ₹350, available',
      'B6, not for sale',
    ]);
    expect(screen.getByRole('checkbox', { name: 'B6, not for sale' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    const b3 = screen.getByRole('checkbox', { name: 'B3, Recliner, ₹350, available' });
    act(() => b3.focus());
    await user.keyboard(' ');
    expect(b3).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'B6, not for sale' }));
    expect(screen.getByRole('checkbox', { name: 'B6, not for sale' })).not.toBeChecked();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'A1, wheelchair space, Standard, ₹100, kept for customers who need a wheelchair space',
      }),
    );
    expect(screen.getByText('Selected seats: B3')).toBeVisible();
    expect(screen.getByText('₹350')).toBeVisible();

    cleanup();
    screenApi();
    renderApp('/user/seat-layout', { state: { showId: 5 } });
    expect(
      await screen.findByRole('checkbox', { name: 'B4, Recliner, ₹350, available' }),
    ).toBeVisible();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('announces politely what other customers take while the list is open', async () => {
    const events = fakeEventStreams();
    const api = screenApi({
      'GET shows/5/seats/events/': events.answer,
      'GET shows/5/seats/events/?last_event_id=0': events.answer,
    });
    const { user } = await openSeats();
    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(events.streams).toHaveLength(1));
    events.latest().send('retry: 20\n\n');
    events.latest().send(sse({ id: 0, event: 'ready', data: { version: 1 } }));
    await waitFor(() => expect(api.callsTo('GET shows/5/seats/')).toHaveLength(2));

    events.latest().send(
      sse({
        id: 3,
        event: 'seats',
        data: { show: 5, version: 4, seats: [{ id: 9, status: 'held', booked_by: null }] },
      }),
    );

    expect(
      await screen.findByRole('checkbox', {
        name: 'B3, Recliner, ₹350, held by another customer',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Seat B3 is now held by another customer.',
    );
  });
});
