// A session with no network (a door scanner in a basement): a refresh that fails because the
// network is gone is not a logout, the stored session outlives a reload, and the refresh runs
// once the network is back.
import { AUTH_STORAGE_KEY, REFRESH_IN_COOKIE, useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './client';
import { configureApi, DEFAULT_API_BASE_URL } from './config';
import { accessToken, BASE_URL, fakeFetch, jsonResponse, NOW_MS } from './test/fakeApi';
import { onLogout, refreshWhenBackOnline } from './tokenRefresh';

const logoutListener = vi.fn();
let stopListening: () => void = () => {};

beforeEach(() => {
  configureApi({ baseUrl: BASE_URL, now: () => NOW_MS });
  useAuthStore.getState().logout();
  logoutListener.mockReset();
  stopListening = onLogout(logoutListener);
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  configureApi({ baseUrl: DEFAULT_API_BASE_URL });
});

function signInAsDoor(access: string) {
  useAuthStore.getState().login({
    access,
    refresh: 'refresh-1',
    user: { id: 7, username: 'gate1', email: 'gate1@example.com', role: 'door' },
  });
}

const isRefresh = (url: string) => url === `${BASE_URL}/token/refresh/`;
const offline = () => {
  throw new TypeError('Failed to fetch');
};

function expectStillSignedIn(access: string) {
  expect(useAuthStore.getState()).toMatchObject({ access, refresh: REFRESH_IN_COOKIE });
  expect(useAuthStore.getState().user).toMatchObject({ id: 7, username: 'gate1', role: 'door' });
  expect(logoutListener).not.toHaveBeenCalled();
}

describe('offline', () => {
  it('an expired token whose refresh cannot reach the server: the call fails, the session stays', async () => {
    const expired = accessToken(-600);
    signInAsDoor(expired);
    const { callsTo } = fakeFetch(offline);

    await expect(
      apiFetch('tickets/check-in/sync/', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });

    expect(callsTo('token/refresh/')).toHaveLength(1);
    expectStillSignedIn(expired);
    // What a reload reads back: the same session.
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    expect(stored.state).toMatchObject({ access: expired, refresh: REFRESH_IN_COOKIE });
    await useAuthStore.persist.rehydrate();
    expectStillSignedIn(expired);
  });

  it('a 401 answered while the refresh then finds no network: the 401 stands, the session stays', async () => {
    const token = accessToken(600);
    signInAsDoor(token);
    fakeFetch(({ url }) => (isRefresh(url) ? offline() : jsonResponse(401, { detail: 'expired' })));

    await expect(apiFetch('tickets/check-in/shows/')).rejects.toMatchObject({ status: 401 });

    expectStillSignedIn(token);
  });

  it("a gateway's 502 or 503 to the refresh (the API out of reach) is not a logout either", async () => {
    for (const status of [502, 503, 504]) {
      const expired = accessToken(-10);
      signInAsDoor(expired);
      fakeFetch(({ url }) =>
        isRefresh(url) ? jsonResponse(status, { detail: 'Bad gateway' }) : jsonResponse(200, []),
      );

      await expect(apiFetch('tickets/check-in/shows/')).rejects.toMatchObject({ status });

      expectStillSignedIn(expired);
    }
  });
});

describe('back online', () => {
  it('refreshes an expired token at once, and the next call uses it', async () => {
    const expired = accessToken(-600);
    const fresh = accessToken(900, { jti: 'fresh' });
    signInAsDoor(expired);
    const target = new EventTarget();
    const stop = refreshWhenBackOnline(target as unknown as Window);
    const { callsTo, calls } = fakeFetch(({ url }) =>
      isRefresh(url) ? jsonResponse(200, { access: fresh }) : jsonResponse(200, []),
    );

    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useAuthStore.getState().access).toBe(fresh));
    await apiFetch('tickets/check-in/shows/');
    stop();

    expect(callsTo('token/refresh/')).toHaveLength(1);
    expect(calls.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(useAuthStore.getState().user).toMatchObject({ username: 'gate1', role: 'door' });
  });

  it('leaves a token with time left, a signed-out browser, and a stopped listener alone', async () => {
    const target = new EventTarget();
    const stop = refreshWhenBackOnline(target as unknown as Window);
    const { calls } = fakeFetch(() => jsonResponse(200, { access: accessToken(900) }));

    target.dispatchEvent(new Event('online'));
    signInAsDoor(accessToken(600));
    target.dispatchEvent(new Event('online'));
    useAuthStore.getState().login({ access: accessToken(-5), refresh: '', user: { id: 7 } });
    target.dispatchEvent(new Event('online'));
    stop();
    signInAsDoor(accessToken(-5));
    target.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(calls).toEqual([]);
  });

  it('a refresh token the server refuses once back online ends the session, as always', async () => {
    signInAsDoor(accessToken(-600));
    const target = new EventTarget();
    const stop = refreshWhenBackOnline(target as unknown as Window);
    fakeFetch(() => jsonResponse(401, { detail: 'Token is invalid or expired' }));

    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(logoutListener).toHaveBeenCalledTimes(1));
    stop();

    expect(useAuthStore.getState().access).toBeNull();
  });
});
