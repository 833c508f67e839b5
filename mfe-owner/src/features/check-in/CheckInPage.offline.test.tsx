import { json } from '@cinema/test-utils';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import type { SyncRequest } from './api/syncScans';
import {
  CANCELLED_CODE,
  CODE,
  connection,
  counts,
  doorApi,
  freshIndexedDb,
  INSIDE_CODE,
  loadDoorScreen,
  newPassKey,
  offlineData,
  openDoor,
  scan,
  setBrowserOnline,
  ticket,
  unreachable,
  verdictRegion,
} from './doorTestKit';
import { clockTime } from './verdict';

// The door's tests walk whole visits (IndexedDB, signatures, typing a code key by key): the
// first took 13 of the project's 15 s under CI's load (mfe-owner/vitest.config.ts).
vi.setConfig({ testTimeout: 30_000 });
beforeAll(loadDoorScreen, 60_000);

beforeEach(() => {
  freshIndexedDb();
});

afterEach(() => {
  // Unmounted first: back online, paused queries would run again on a screen still there.
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
  onlineManager.setOnline(true);
});

/** A network that can be cut: while `up` is false every call fails as fetch does offline. */
function network() {
  const state = { up: true };
  const through = (handler: () => Response | Promise<Response>) => () =>
    state.up ? handler() : unreachable();
  return { state, through };
}

describe('CheckInPage offline', () => {
  it('when a scan cannot reach the API the device decides alone, queues it, and syncs when the network returns; the server’s duplicate is an alert', async () => {
    const net = network();
    const key = await newPassKey();
    const data = await offlineData([key.public]);
    // Signed by a key that is not the owner's, under the owner's key id.
    const forger = await newPassKey();
    const forged = (
      await forger.sign({ showId: 5, seatLabel: 'D1', code: CANCELLED_CODE })
    ).replace(forger.kid, key.kid);
    const syncs: SyncRequest[] = [];
    let firstAt = '';
    const api = doorApi(data, {
      'GET tickets/check-in/shows/5/offline/': net.through(() => json(200, data)),
      'POST tickets/check-in/': net.through(() => json(500, {})),
      'POST tickets/check-in/sync/': (call) => {
        if (!net.state.up) unreachable();
        const body = call.body as SyncRequest;
        syncs.push(body);
        firstAt = new Date(Date.now() - 60_000).toISOString();
        return json(200, {
          server_time: new Date().toISOString(),
          offset_ms: 0,
          results: body.scans.map((s) => ({
            id: s.id,
            outcome: 'duplicate',
            seat_label: 'C7',
            first: { device_id: crypto.randomUUID(), device_name: 'Door 2', at: firstAt },
          })),
          counts: [counts(2)],
        });
      },
    });
    const { user } = await openDoor();
    expect(api.callsTo('GET tickets/check-in/shows/5/offline/')).toHaveLength(1);

    net.state.up = false;
    await scan(user, CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Admitted: seat C7'));
    expect(verdictRegion()).toHaveTextContent('Decided offline on this device');
    expect(verdictRegion().firstElementChild?.className).toMatch(/admitted/);
    await waitFor(() => expect(connection().getByText('Offline')).toBeVisible());
    await waitFor(() => expect(connection().getByText(/1 scan waiting to sync\./)).toBeVisible());
    expect(screen.getByText(/sold$/)).toHaveTextContent('Admitted 2 / 3 sold');

    // Known offline now: the next scans do not wait for the network.
    await scan(user, CODE);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent(/Already checked in at \d\d:\d\d\./),
    );
    expect(verdictRegion()).toHaveTextContent('Not admitted: seat C7');
    await scan(user, CANCELLED_CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('This ticket was cancelled.'));
    await scan(user, INSIDE_CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Already checked in.'));
    await scan(user, '00000000-0000-4000-8000-000000000000');
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('No ticket of this show has this code.'),
    );
    await scan(user, forged);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('This ticket’s QR code is not genuine.'),
    );
    expect(api.callsTo('POST tickets/check-in/')).toHaveLength(1);
    await waitFor(() => expect(connection().getByText(/1 scan waiting to sync\./)).toBeVisible());

    // The network returns: the queue goes to the server by itself.
    net.state.up = true;
    act(() => setBrowserOnline(false));
    act(() => setBrowserOnline(true));

    const alert = await screen.findByRole('alert');
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toEqual({
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      device_name: 'Door 1',
      sent_at: expect.any(String),
      scans: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          show_id: 5,
          text: CODE,
          kind: 'entry',
          scanned_at: expect.any(String),
        },
      ],
    });
    expect(alert).toHaveTextContent(
      `Seat C7 was shown twice. First scanned on Door 2 at ${clockTime(firstAt)}; again here at`,
    );
    await waitFor(() => expect(connection().getByText('All scans synced.')).toBeVisible());
    expect(connection().getByText('Online')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);

  it('a reload with no network opens the show stored on the device and checks tickets there, passes too', async () => {
    const key = await newPassKey();
    const data = await offlineData([key.public]);
    const pass = await key.sign({ showId: 5, seatLabel: 'C7', code: CODE });
    const otherShows = await key.sign({ showId: 6, seatLabel: 'A1', code: CANCELLED_CODE });
    doorApi(data);
    await openDoor();
    cleanup();

    doorApi(data, {
      'GET tickets/check-in/shows/': unreachable,
      'GET tickets/check-in/shows/5/offline/': unreachable,
      'GET tickets/check-in/shows/5/scans/': unreachable,
    });
    setBrowserOnline(false);
    onlineManager.setOnline(false);
    const { user } = renderApp('/owner/checkin');

    const show = await screen.findByLabelText('Show');
    expect(show).toHaveDisplayValue('18:00 · Jawan · PVR Phoenix');
    expect(connection().getByText('Offline')).toBeVisible();
    expect(screen.getByText('Shown when the device is online.')).toBeVisible();

    await scan(user, pass);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Admitted: seat C7'));
    await waitFor(() => expect(connection().getByText(/1 scan waiting to sync\./)).toBeVisible());
    // The same ticket typed by hand: the device knows it is inside.
    await scan(user, CODE.toUpperCase());
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Already checked in at'));
    // A pass of another show, validly signed.
    await scan(user, otherShows);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('This ticket is for another show.'),
    );
  });

  it('offline with no show ever stored, it says how to prepare the device', async () => {
    doorApi(await offlineData(), { 'GET tickets/check-in/shows/': unreachable });
    setBrowserOnline(false);
    onlineManager.setOnline(false);
    renderApp('/owner/checkin');
    expect(
      await screen.findByText(/This device is offline and has no show stored\./),
    ).toBeVisible();
  });

  it('where the browser blocks storage, online scans still work and an offline one is refused with the reason', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const net = network();
    doorApi(await offlineData(), {
      'POST tickets/check-in/': net.through(() =>
        json(200, { ticket, checked_in_at: ticket.checked_in_at, counts: counts(2) }),
      ),
    });
    const { user } = renderApp('/owner/checkin?show=5');
    await screen.findByLabelText('Ticket code');
    await scan(user, CODE);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('Admitted: seat C7 · demo_customer'),
    );

    net.state.up = false;
    await scan(user, INSIDE_CODE);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent(
        'This show’s tickets are not on this device yet, so it cannot check them offline.',
      ),
    );
    expect(verdictRegion()).not.toHaveTextContent('Admitted');
  });

  it('exit mode: online the server marks the holder out; offline the exit is queued, and the holder can come back in', async () => {
    const net = network();
    const data = await offlineData();
    const api = doorApi(data, {
      'POST tickets/check-in/exit/': net.through(() =>
        json(200, { ticket, left_at: new Date().toISOString(), counts: counts(0) }),
      ),
      'POST tickets/check-in/': net.through(() =>
        json(200, {
          ticket,
          checked_in_at: ticket.checked_in_at,
          readmitted: true,
          counts: counts(1),
        }),
      ),
      'POST tickets/check-in/sync/': unreachable,
    });
    const { user } = await openDoor();

    await user.click(screen.getByRole('radio', { name: 'Exit (leaving for a while)' }));
    expect(screen.getByRole('button', { name: 'Check out' })).toBeVisible();
    await scan(user, CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Left: seat C7 · demo_customer'));
    expect(api.callsTo('POST tickets/check-in/exit/')[0]?.body).toEqual({
      code: CODE,
      show_id: 5,
      device_id: expect.any(String),
      device_name: 'Door 1',
    });

    await user.click(screen.getByRole('radio', { name: 'Entry' }));
    await scan(user, CODE);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('Admitted again: seat C7 · demo_customer'),
    );

    net.state.up = false;
    await user.click(screen.getByRole('radio', { name: 'Exit (leaving for a while)' }));
    await scan(user, INSIDE_CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Left: seat E2'));
    expect(verdictRegion()).toHaveTextContent('Decided offline');
    await scan(user, INSIDE_CODE);
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('This ticket is not checked in.'),
    );
    await user.click(screen.getByRole('radio', { name: 'Entry' }));
    await scan(user, INSIDE_CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Admitted: seat E2'));
    await waitFor(() => expect(connection().getByText(/2 scans waiting to sync\./)).toBeVisible());
  }, 30_000);
});
