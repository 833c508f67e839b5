import type { Seat } from '@cinema/api-client';
import { deferred, fakeApi, fakeEventStreams, json, type Routes, sse } from '@cinema/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sale, seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

// The seat map follows the show's seat events (GET shows/5/seats/events/); ids by label:
// A1 -> 1 ... A5 -> 5, B1 -> 6 ... B5 -> 10.

const SEATS = 'GET shows/5/seats/';
const seatButton = (name: string) => screen.getByRole('button', { name });
const announcer = () => screen.getByRole('status');

function liveApi(routes: Routes = {}) {
  const events = fakeEventStreams();
  let seats: Seat[] = seatMap({ A2: 'booked', A3: 'mine', B5: 'my_hold' });
  const api = fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5 })),
    [SEATS]: () => json(200, seats),
    'GET holds/?show=5': () => json(200, []),
    'GET onsale/5/': () => json(200, sale()),
    'GET shows/5/seats/events/': events.answer,
    // A reconnect after `ready` (id 0) and nothing else.
    'GET shows/5/seats/events/?last_event_id=0': events.answer,
    ...routes,
  });
  return {
    api,
    events,
    /** What the server answers for the map from now on. */
    serverSeats(next: Seat[]) {
      seats = next;
    },
    seatReads: () => api.callsTo(SEATS).length,
  };
}

type Live = ReturnType<typeof liveApi>;

/** Opens the map and brings its stream up: `retry`, then `ready`, which reads the map again. */
async function openLive(live: Live) {
  const rendered = renderApp('/user/seat-layout', { state: { showId: 5 } });
  await screen.findByRole('button', { name: 'Seat A1, available' });
  await waitFor(() => expect(live.events.streams).toHaveLength(1));
  live.events.latest().send('retry: 20\n\n');
  live.events.latest().send(sse({ id: 0, event: 'ready', data: { version: 1 } }));
  await waitFor(() => expect(live.seatReads()).toBe(2));
  return rendered;
}

function seatsEvent(id: number, seats: [number, 'available' | 'held' | 'booked'][]) {
  return sse({
    id,
    event: 'seats',
    data: {
      show: 5,
      version: id + 1,
      seats: seats.map(([seatId, status]) => ({ id: seatId, status, booked_by: null })),
    },
  });
}

/** Retries `check` on the real clock (waitFor cannot poll while setInterval is faked). */
async function eventually(check: () => void) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      check();
      return;
    } catch {
      await settle(10);
    }
  }
  check();
}

/** Lets the stream's reads and the query cache settle. */
async function settle(ms = 30) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

describe('the live seat map', () => {
  it('shows another customer’s hold at once, without reading the map again, and says so politely', async () => {
    const live = liveApi();
    await openLive(live);
    act(() => seatButton('Seat A1, available').focus());

    live.events.latest().send(seatsEvent(7, [[1, 'held']]));

    expect(
      await screen.findByRole('button', { name: 'Seat A1, held by another customer' }),
    ).toHaveFocus();
    expect(seatButton('Seat A1, held by another customer')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(announcer()).toHaveTextContent('Seat A1 is now held by another customer.');
    expect(announcer()).toHaveAttribute('role', 'status');
    expect(live.seatReads()).toBe(2);

    live.events.latest().send(
      seatsEvent(8, [
        [1, 'booked'],
        [4, 'booked'],
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Seat A4, booked' })).toBeVisible();
    expect(announcer()).toHaveTextContent('Seats A1, A4 are now booked.');

    live.events.latest().send(seatsEvent(9, [[4, 'available']]));
    expect(await screen.findByRole('button', { name: 'Seat A4, available' })).toBeVisible();
    expect(live.seatReads()).toBe(2);
  });

  it('keeps the customer’s own hold and ticket as they are while the events agree', async () => {
    const live = liveApi();
    await openLive(live);

    live.events.latest().send(
      seatsEvent(7, [
        [3, 'booked'],
        [10, 'held'],
        [1, 'held'],
      ]),
    );
    await screen.findByRole('button', { name: 'Seat A1, held by another customer' });

    expect(seatButton('Seat A3, my ticket')).toBeVisible();
    expect(seatButton('Seat B5, available')).toBeVisible();
    expect(live.seatReads()).toBe(2);
  });

  it('reads the map again when the customer’s own ticket is cancelled (here or elsewhere)', async () => {
    const live = liveApi();
    await openLive(live);
    live.serverSeats(seatMap({ A2: 'booked', B5: 'my_hold' }));

    live.events.latest().send(seatsEvent(7, [[3, 'available']]));

    expect(await screen.findByRole('button', { name: 'Seat A3, available' })).toBeVisible();
    expect(live.seatReads()).toBe(3);
  });

  it('deselects a picked seat someone else took and names it in a toast, before Proceed to Pay', async () => {
    const live = liveApi();
    const { user } = await openLive(live);
    await user.click(seatButton('Seat A4, available'));
    expect(screen.getByText('Selected seats: A4')).toBeVisible();
    live.serverSeats(seatMap({ A2: 'booked', A3: 'mine', A4: 'held', B5: 'my_hold' }));

    live.events.latest().send(seatsEvent(7, [[4, 'held']]));

    expect(await screen.findByText('Seat A4 was just taken by someone else.')).toBeVisible();
    expect(screen.getByText('No seats selected.')).toBeVisible();
    expect(seatButton('Seat A4, held by another customer')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(live.api.callsTo('POST holds/')).toHaveLength(0);
  });

  it('does not call the customer’s own new hold (from another tab) taken by someone else', async () => {
    const live = liveApi();
    const { user } = await openLive(live);
    await user.click(seatButton('Seat A4, available'));
    live.serverSeats(seatMap({ A2: 'booked', A3: 'mine', A4: 'my_hold', B5: 'my_hold' }));

    live.events.latest().send(seatsEvent(7, [[4, 'held']]));

    await waitFor(() => expect(live.seatReads()).toBe(3));
    await settle();
    expect(screen.getByText('Selected seats: A4')).toBeVisible();
    expect(seatButton('Seat A4, selected')).toBeVisible();
    expect(screen.queryByText(/was just taken by someone else/)).toBeNull();
  });

  it('reads the map again when the server says events were missed (reload)', async () => {
    const live = liveApi();
    await openLive(live);
    live.serverSeats(seatMap({ A1: 'booked' }));

    live.events.latest().send(sse({ event: 'reload', data: {} }));

    expect(await screen.findByRole('button', { name: 'Seat A1, booked' })).toBeVisible();
    expect(live.seatReads()).toBe(3);
  });

  it('reconnects after retry: with the id of the last event it had, and reads nothing again', async () => {
    // The only way back in: the stream resumed after event 7.
    const resumed = fakeEventStreams();
    const live = liveApi({ 'GET shows/5/seats/events/?last_event_id=7': resumed.answer });
    await openLive(live);

    live.events.latest().send(seatsEvent(7, [[1, 'held']]));
    live.events.latest().end();

    await waitFor(() => expect(resumed.streams).toHaveLength(1));
    resumed.latest().send(seatsEvent(8, [[2, 'available']]));
    expect(await screen.findByRole('button', { name: 'Seat A2, available' })).toBeVisible();
    expect(seatButton('Seat A1, held by another customer')).toBeVisible();
    expect(live.seatReads()).toBe(2);
  });

  it('polls every 10 s only while the stream is down', async () => {
    // The reconnect gets through only when the test says so.
    const serverBack = deferred<void>();
    const live = liveApi({
      'GET shows/5/seats/events/?last_event_id=0': async () => {
        await serverBack.promise;
        return live.events.answer();
      },
    });
    await openLive(live);
    // From here on the test moves the clock of TanStack Query's polling itself.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    // Up: no polling however long the customer looks.
    act(() => vi.advanceTimersByTime(60_000));
    await settle();
    expect(live.seatReads()).toBe(2);

    // The connection breaks: the map polls again, every 10 s.
    live.events.latest().fail();
    await settle();
    act(() => vi.advanceTimersByTime(10_000));
    await eventually(() => expect(live.seatReads()).toBe(3));
    act(() => vi.advanceTimersByTime(10_000));
    await eventually(() => expect(live.seatReads()).toBe(4));

    // Back, resuming where it was: polling stops again.
    serverBack.resolve();
    await eventually(() => expect(live.events.streams).toHaveLength(2));
    await settle();
    act(() => vi.advanceTimersByTime(60_000));
    await settle();
    expect(live.seatReads()).toBe(4);
  });

  it('keeps working on polling when the stream cannot be opened', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const live = liveApi({ 'GET shows/5/seats/events/': () => json(503, {}) });
    renderApp('/user/seat-layout', { state: { showId: 5 } });
    await screen.findByRole('button', { name: 'Seat A1, available' });
    await eventually(() => expect(live.api.callsTo('GET shows/5/seats/events/')).toHaveLength(1));
    live.serverSeats(seatMap({ A1: 'held' }));

    act(() => vi.advanceTimersByTime(10_000));

    expect(
      await screen.findByRole('button', { name: 'Seat A1, held by another customer' }),
    ).toBeVisible();
  });
});
