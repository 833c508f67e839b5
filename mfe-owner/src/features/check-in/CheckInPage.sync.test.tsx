import { json } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncRequest } from './api/syncScans';
import {
  CODE,
  connection,
  counts,
  doorApi,
  emptyScans,
  freshIndexedDb,
  loadDoorScreen,
  offlineData,
  openDoor,
  scan,
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

describe('CheckInPage: devices and sync', () => {
  it('shows the show’s scans by device and every ticket shown twice', async () => {
    const first = {
      device_id: crypto.randomUUID(),
      device_name: 'Door 1',
      at: '2026-03-02T12:32:00Z',
    };
    const again = {
      device_id: crypto.randomUUID(),
      device_name: 'Door 2',
      at: '2026-03-02T12:35:00Z',
    };
    doorApi(await offlineData(), {
      'GET tickets/check-in/shows/5/scans/': () =>
        json(200, {
          counts: { show_id: 5, checked_in: 2, sold: 3, inside: 1 },
          devices: [
            { ...first, admitted: 2, duplicates: 0, last_scan_at: first.at },
            { ...again, admitted: 0, duplicates: 1, last_scan_at: again.at },
          ],
          duplicates: [{ seat_label: 'C7', first, again }],
        }),
    });
    await openDoor();

    const section = within(await screen.findByRole('region', { name: 'Scans by device' }));
    expect(await section.findByText('Inside now: 1 · admitted: 2 of 3 sold.')).toBeVisible();
    const table = section.getByRole('table', { name: 'Scans by device' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DeviceAdmittedDuplicatesLast scan',
      `Door 120${clockTime(first.at)}`,
      `Door 201${clockTime(again.at)}`,
    ]);
    expect(section.getByRole('heading', { name: 'Shown twice' })).toBeVisible();
    expect(
      section.getByText(
        `Seat C7: first on Door 1 at ${clockTime(first.at)}, again on Door 2 at ${clockTime(again.at)}.`,
      ),
    ).toBeVisible();
  });

  it('the device’s name is kept and sent with each scan; an empty one is refused', async () => {
    const api = doorApi(await offlineData(), {
      'POST tickets/check-in/': () =>
        json(200, { ticket, checked_in_at: ticket.checked_in_at, counts: counts(2) }),
    });
    const { user } = await openDoor();
    const name = screen.getByLabelText('Device name');
    await user.clear(name);
    expect(screen.getByText('Give this device a name of 1 to 60 characters.')).toBeVisible();
    await user.type(name, 'North door');
    await scan(user, CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Admitted: seat C7'));
    const [call] = api.callsTo('POST tickets/check-in/');
    expect(call?.body).toMatchObject({ device_name: 'North door' });
    const stored = JSON.parse(localStorage.getItem('cinema-door-device') ?? '{}');
    expect(stored).toEqual({
      id: (call?.body as { device_id?: string } | undefined)?.device_id,
      name: 'North door',
    });
  });

  it('a sync that cannot get through is tried again by itself, and the queue empties when it does', async () => {
    const net = { up: false };
    const syncs: SyncRequest[] = [];
    doorApi(await offlineData(), {
      'POST tickets/check-in/': unreachable,
      'POST tickets/check-in/sync/': (call) => {
        if (!net.up) unreachable();
        const body = call.body as SyncRequest;
        syncs.push(body);
        return json(200, {
          server_time: new Date().toISOString(),
          offset_ms: 1200,
          results: body.scans.map((s) => ({ id: s.id, outcome: 'admitted', seat_label: 'C7' })),
          counts: [counts(2)],
        });
      },
    });
    const { user } = await openDoor();
    await scan(user, CODE);
    await waitFor(() => expect(verdictRegion()).toHaveTextContent('Decided offline'));
    await waitFor(() => expect(connection().getByText(/1 scan waiting to sync\./)).toBeVisible());

    // No 'online' event: the retry after 2 s finds the network back.
    net.up = true;
    await waitFor(() => expect(connection().getByText('All scans synced.')).toBeVisible(), {
      timeout: 8000,
    });
    expect(syncs).toHaveLength(1);
    expect(connection().getByText('Online')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/sold$/)).toHaveTextContent('Admitted 2 / 3 sold');
  });

  it('a sync refused as a whole (the session over) says why and keeps the scans', async () => {
    doorApi(await offlineData(), {
      'POST tickets/check-in/': unreachable,
      'POST tickets/check-in/sync/': () =>
        json(403, { detail: 'You do not have permission to do that.', code: 'permission_denied' }),
      'GET tickets/check-in/shows/5/scans/': () => json(200, emptyScans),
    });
    const { user } = await openDoor();
    await scan(user, CODE);
    await waitFor(() =>
      expect(
        connection().getByText('Sync failed: You do not have permission to do that.'),
      ).toBeVisible(),
    );
    expect(connection().getByText(/1 scan waiting to sync\./)).toBeVisible();
  });
});
