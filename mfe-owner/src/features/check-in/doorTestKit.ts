// Fixtures of the door's tests (imported by *.test.tsx beside it only): a show, tickets, offline
// data with real SHA-256 hashes, signed passes with a real Ed25519 key, a fresh IndexedDB per test.
// IndexedDB's classes (IDBRequest, IDBKeyRange, ...) as globals, which jsdom lacks.
import 'fake-indexeddb/auto';
import { formatPassBody } from '@cinema/contract';
import { fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { expect, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import type { CheckInShow, OfflineData, ScansSummary } from './api/doorTypes';
import { sha256Base64url } from './offline/decide';

export const HOUR = 3_600_000;

/**
 * Loads the door screen's chunk (CheckInPage imports it lazily) before a file's tests, so the
 * first test does not pay for compiling it: under CI's load that took 13 of its 15 s.
 */
export async function loadDoorScreen(): Promise<void> {
  await import('./DoorScreen');
}

/** The door's verdict panel, and its connection region (online/offline, scans waiting). */
export const verdictRegion = () => screen.getByRole('status', { name: 'Verdict' });
export const connection = () => within(screen.getByRole('region', { name: 'Connection' }));

/** The door opened, its show downloaded and stored on the device. */
export async function openDoor() {
  const rendered = renderApp('/owner/checkin?show=5');
  // The first opening of a test file stores the show's keys and ticket hashes in IndexedDB and
  // syncs: under CI's load (three suites on two cores) once over the 5 s a test waits for a text.
  await waitFor(() => expect(connection().getByText('All scans synced.')).toBeVisible(), {
    timeout: 12_000,
  });
  return rendered;
}

/** Types a code into the field as a hardware scanner does: all at once, then Enter. */
export async function scan(user: ReturnType<typeof renderApp>['user'], text: string) {
  const field = screen.getByLabelText('Ticket code');
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
  await user.keyboard('{Enter}');
}
export const CODE = '3f0c1a52-8a4e-4d2b-9f61-0b7c2f1e9a10';
export const CANCELLED_CODE = '11111111-2222-4333-8444-555555555555';
export const INSIDE_CODE = '99999999-8888-4777-8666-555555555555';

export function doorShow(overrides: Partial<CheckInShow> = {}): CheckInShow {
  const starts = Date.now() + HOUR / 2;
  return {
    id: 5,
    movie_name: 'Jawan',
    theater_id: 1,
    theater_name: 'PVR Phoenix',
    date: '2026-03-02',
    start_time: '18:00',
    end_time: '20:49',
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + 2 * HOUR).toISOString(),
    opens_at: new Date(starts - HOUR).toISOString(),
    opens_time: '17:00',
    sold: 3,
    checked_in: 1,
    ...overrides,
  };
}

export const ticket = {
  id: 21,
  movie_name: 'Jawan',
  theater_name: 'PVR Phoenix',
  show_id: 5,
  show: 'Jawan · Mon, 02 Mar 2026 · 18:00',
  date: '2026-03-02',
  start_time: '18:00',
  end_time: '20:49',
  seat: { id: 31, row: 'C', column: 7 },
  seat_label: 'C7',
  user_name: 'demo_customer',
  is_cancelled: false,
  checked_in_at: '2026-03-02T12:10:00Z',
};

export const counts = (checked_in: number) => ({ show_id: 5, checked_in, sold: 3 });

const ED25519 = { name: 'Ed25519' };
const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An owner's signing key, as the API would hold it, and its public half as it travels. */
export async function newPassKey(kid = 'Ab3_-x9Z') {
  const pair = (await crypto.subtle.generateKey(ED25519, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
  const sign = async (fields: { showId: number; seatLabel: string; code: string }) => {
    const body = formatPassBody({ kid, ...fields });
    const sig = await crypto.subtle.sign(ED25519, pair.privateKey, new TextEncoder().encode(body));
    return `${body}.${b64url(sig)}`;
  };
  return { kid, public: { kid, public_key: b64url(raw) }, sign };
}

/** The show's offline data: C7 live, D1 cancelled, E2 inside already. */
export async function offlineData(
  keys: OfflineData['keys'] = [],
  show = doorShow(),
): Promise<OfflineData> {
  return {
    show,
    server_time: new Date().toISOString(),
    keys,
    tickets: [
      { hash: await sha256Base64url(CODE), seat_label: 'C7', status: 'live', checked_in: false },
      {
        hash: await sha256Base64url(CANCELLED_CODE),
        seat_label: 'D1',
        status: 'cancelled',
        checked_in: false,
      },
      {
        hash: await sha256Base64url(INSIDE_CODE),
        seat_label: 'E2',
        status: 'live',
        checked_in: true,
      },
    ],
  };
}

export const emptyScans: ScansSummary = {
  counts: { show_id: 5, checked_in: 1, sold: 3, inside: 1 },
  devices: [],
  duplicates: [],
};

/** A fresh, empty IndexedDB for this test (vitest unstubs it after). */
export function freshIndexedDb() {
  vi.stubGlobal('indexedDB', new IDBFactory());
}

/** No network: every call fails as fetch does offline. */
export function unreachable(): never {
  throw new TypeError('Failed to fetch');
}

/**
 * The fake API of the door: today's shows, the show's offline data and scans, plus `routes`.
 * `data` is the offline data it serves (built with offlineData()).
 */
export function doorApi(data: OfflineData, routes: Routes = {}) {
  return fakeApi({
    'GET tickets/check-in/shows/': () => json(200, [data.show]),
    [`GET tickets/check-in/shows/${data.show.id}/offline/`]: () => json(200, data),
    [`GET tickets/check-in/shows/${data.show.id}/scans/`]: () => json(200, emptyScans),
    ...routes,
  });
}

/** The browser says it is offline (or back online), as it does when Wi-Fi drops. */
export function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
