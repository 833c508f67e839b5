import type { Seat } from '@cinema/api-client';
import { fakeApi, fakeEventStreams, json, type Routes, sse } from '@cinema/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

// The owner's map follows the show's seat events (GET shows/5/seats/events/), which name the
// booker for the theater's owner. Ids by label: A1 -> 1 ... A5 -> 5, B1 -> 6 ... B5 -> 10.

const SEATS = 'GET shows/5/seats/';
const seatButton = (name: string) => screen.getByRole('button', { name });
const announcer = () => screen.getByRole('status');

function liveApi(routes: Routes = {}) {
  const events = fakeEventStreams();
  let seats: Seat[] = seatMap({ A5: 'asha', B2: 'vikram' });
  const api = fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5 })),
    [SEATS]: () => json(200, seats),
    'GET shows/5/seats/events/': events.answer,
    ...routes,
  });
  return {
    api,
    events,
    serverSeats(next: Seat[]) {
      seats = next;
    },
    seatReads: () => api.callsTo(SEATS).length,
  };
}

type Live = ReturnType<typeof liveApi>;

async function openLive(live: Live) {
  renderApp('/owner/seatlayout', { state: { showId: 5 } });
  await screen.findByRole('button', { name: 'Seat A1, available' });
  await waitFor(() => expect(live.events.streams).toHaveLength(1));
  live.events.latest().send('retry: 20\n\n');
  live.events.latest().send(sse({ id: 0, event: 'ready', data: { version: 1 } }));
  await waitFor(() => expect(live.seatReads()).toBe(2));
}

function seatsEvent(
  id: number,
  seats: [number, 'available' | 'held' | 'booked', (string | null)?, boolean?][],
) {
  return sse({
    id,
    event: 'seats',
    data: {
      show: 5,
      version: id + 1,
      seats: seats.map(([seatId, status, bookedBy = null, checkedIn = false]) => ({
        id: seatId,
        status,
        booked_by: bookedBy,
        checked_in: checkedIn,
      })),
    },
  });
}

async function settle(ms = 30) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

describe('the owner’s live seat map', () => {
  it('shows a booking as it happens, with who booked it, and says so politely', async () => {
    const live = liveApi();
    await openLive(live);
    expect(screen.getByText('2 of 10 booked')).toBeVisible();
    const showReads = live.api.callsTo('GET shows/5/').length;

    live.events.latest().send(
      seatsEvent(7, [
        [1, 'booked', 'ravi'],
        [2, 'booked', 'ravi'],
      ]),
    );

    const booked = await screen.findByRole('button', { name: 'Seat A1, booked by ravi' });
    expect(booked).toHaveAttribute('title', 'Booked by: ravi');
    expect(booked).toHaveTextContent('✕');
    expect(screen.getByText('4 of 10 booked')).toBeVisible();
    expect(announcer()).toHaveTextContent(
      'Seat A1 is now booked by ravi. Seat A2 is now booked by ravi.',
    );
    // The map is not read again; the show's counts are.
    expect(live.seatReads()).toBe(2);
    await waitFor(() => expect(live.api.callsTo('GET shows/5/').length).toBe(showReads + 1));
  });

  it('marks a ticket checked in at the door as it happens, with Checked in in the legend', async () => {
    const live = liveApi();
    await openLive(live);
    const legend = screen.getByRole('list', { name: 'Seat legend' });
    expect(legend).not.toHaveTextContent('Checked in');

    live.events.latest().send(seatsEvent(7, [[5, 'booked', 'asha', true]]));

    const seat = await screen.findByRole('button', {
      name: 'Seat A5, booked by asha, checked in',
    });
    expect(seat).toHaveTextContent('✓');
    expect(seat).toHaveAttribute('title', 'Booked by: asha · checked in');
    expect(within(legend).getByText('Checked in')).toBeVisible();
    expect(announcer()).toHaveTextContent('Seat A5 (asha) is now checked in.');
    expect(screen.getByText('2 of 10 booked')).toBeVisible();
  });

  it('shows holds come and go, with Held in the legend while there is one', async () => {
    const live = liveApi();
    await openLive(live);
    const legend = screen.getByRole('list', { name: 'Seat legend' });
    expect(legend).not.toHaveTextContent('Held');

    live.events.latest().send(seatsEvent(7, [[3, 'held']]));
    expect(await screen.findByRole('button', { name: 'Seat A3, held' })).toBeVisible();
    expect(within(legend).getByText('Held')).toBeVisible();
    expect(announcer()).toHaveTextContent('Seat A3 is now held.');

    live.events.latest().send(
      seatsEvent(8, [
        [3, 'available'],
        [5, 'available'],
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Seat A5, available' })).toBeVisible();
    expect(seatButton('Seat A3, available')).toBeVisible();
    expect(screen.getByText('1 of 10 booked')).toBeVisible();
  });

  it('reads the map again when the server says events were missed (reload)', async () => {
    const live = liveApi();
    await openLive(live);
    live.serverSeats(seatMap({ A5: 'meera', B2: 'vikram' }));

    live.events.latest().send(sse({ event: 'reload', data: {} }));

    expect(await screen.findByRole('button', { name: 'Seat A5, booked by meera' })).toBeVisible();
    expect(live.seatReads()).toBe(3);
  });

  it('polls every 10 s while the stream cannot be opened, and not while it is up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const live = liveApi({ 'GET shows/5/seats/events/': () => json(503, {}) });
    renderApp('/owner/seatlayout', { state: { showId: 5 } });
    await screen.findByRole('button', { name: 'Seat A1, available' });
    live.serverSeats(seatMap({ A1: 'ravi' }));

    act(() => vi.advanceTimersByTime(10_000));
    expect(await screen.findByRole('button', { name: 'Seat A1, booked by ravi' })).toBeVisible();
  });

  it('does not poll while the stream is up', async () => {
    const live = liveApi();
    await openLive(live);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    act(() => vi.advanceTimersByTime(60_000));
    await settle();

    expect(live.seatReads()).toBe(2);
  });
});
