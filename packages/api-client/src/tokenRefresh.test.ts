import { REFRESH_IN_COOKIE, useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './client';
import { configureApi, DEFAULT_API_BASE_URL } from './config';
import { ApiError } from './errors';
import { accessToken, BASE_URL, fakeFetch, jsonResponse, NOW_MS } from './test/fakeApi';
import { onLogout, refreshAccessToken } from './tokenRefresh';

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
  configureApi({ baseUrl: DEFAULT_API_BASE_URL });
});

function loginWith(access: string, refresh: string | null = 'refresh-1') {
  useAuthStore.getState().login({
    access,
    refresh: refresh ?? '',
    user: { id: 1, username: 'asha', email: 'asha@example.com', role: 'user' },
  });
}

const isRefresh = (url: string) => url === `${BASE_URL}/token/refresh/`;

describe('refresh before a call', () => {
  it('refreshes a token with 30 s left exactly once for 5 concurrent calls, which all use the new token', async () => {
    loginWith(accessToken(30));
    const newToken = accessToken(300, { jti: 'new' });
    const { calls, callsTo } = fakeFetch(async ({ url }) => {
      if (isRefresh(url)) {
        // Let every caller arrive while the refresh is still on the wire.
        await new Promise((resolve) => setTimeout(resolve, 10));
        return jsonResponse(200, { access: newToken });
      }
      return jsonResponse(200, []);
    });

    await Promise.all(
      ['theaters/', 'movies/', 'shows/', 'my-tickets/', 'shows/1/seats/'].map((path) =>
        apiFetch(path),
      ),
    );

    const refreshCalls = callsTo('token/refresh/');
    expect(refreshCalls).toHaveLength(1);
    // The refresh token travels in its HttpOnly cookie, which the browser adds: not in the body.
    expect(refreshCalls[0]?.body).toEqual({});
    expect(refreshCalls[0]?.credentials).toBe('include');
    expect(refreshCalls[0]?.headers.has('Authorization')).toBe(false);
    const otherCalls = calls.filter((call) => !isRefresh(call.url));
    expect(otherCalls).toHaveLength(5);
    for (const call of otherCalls) {
      expect(call.headers.get('Authorization')).toBe(`Bearer ${newToken}`);
    }
    expect(useAuthStore.getState()).toMatchObject({ access: newToken, refresh: REFRESH_IN_COOKIE });
    expect(useAuthStore.getState().user).toMatchObject({ username: 'asha', role: 'user' });
  });

  it('does not refresh a token with more than 60 s left', async () => {
    const token = accessToken(61);
    loginWith(token);
    const { calls } = fakeFetch(() => jsonResponse(200, []));

    await apiFetch('theaters/');

    expect(calls.map((call) => call.url)).toEqual([`${BASE_URL}/theaters/`]);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('makes no refresh call for an expired token without a refresh token', async () => {
    loginWith(accessToken(-10), null);
    const { calls } = fakeFetch(() => jsonResponse(200, []));

    await apiFetch('theaters/');

    expect(calls.map((call) => call.url)).toEqual([`${BASE_URL}/theaters/`]);
  });

  it('does not keep a refresh token the server would send back in the body', async () => {
    loginWith(accessToken(-10));
    const newToken = accessToken(300, { jti: 'new' });
    fakeFetch(({ url }) =>
      isRefresh(url)
        ? jsonResponse(200, { access: newToken, refresh: 'refresh-2' })
        : jsonResponse(200, []),
    );

    await apiFetch('my-tickets/');

    expect(useAuthStore.getState()).toMatchObject({ access: newToken, refresh: REFRESH_IN_COOKIE });
    expect(localStorage.getItem('cinema-auth')).not.toContain('refresh-2');
  });

  it('logs the user out when the refresh token is rejected with 401, and fails the call', async () => {
    loginWith(accessToken(-10));
    const { calls } = fakeFetch(({ url }) =>
      isRefresh(url)
        ? jsonResponse(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' })
        : jsonResponse(200, []),
    );

    const error = await apiFetch('my-tickets/').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'session_expired' });
    expect(calls).toHaveLength(1);
    const { user, access, refresh } = useAuthStore.getState();
    expect({ user, access, refresh }).toEqual({ user: null, access: null, refresh: null });
    expect(logoutListener).toHaveBeenCalledTimes(1);
  });

  it('keeps the session and uses the old token when a refresh fails for a server error', async () => {
    const token = accessToken(30);
    loginWith(token);
    const { calls } = fakeFetch(({ url }) =>
      isRefresh(url) ? jsonResponse(503, {}) : jsonResponse(200, []),
    );

    await apiFetch('theaters/');

    expect(calls.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(useAuthStore.getState().refresh).toBe(REFRESH_IN_COOKIE);
    expect(logoutListener).not.toHaveBeenCalled();
  });
});

describe('refresh after a 401', () => {
  it('refreshes once and retries once', async () => {
    loginWith(accessToken(3600));
    const newToken = accessToken(3600, { jti: 'new' });
    let ticketCalls = 0;
    const { calls } = fakeFetch(({ url }) => {
      if (isRefresh(url)) return jsonResponse(200, { access: newToken });
      ticketCalls += 1;
      return ticketCalls === 1
        ? jsonResponse(401, { detail: 'Token revoked' })
        : jsonResponse(200, [{ id: 5 }]);
    });

    await expect(apiFetch('my-tickets/')).resolves.toEqual([{ id: 5 }]);

    expect(calls.map((call) => call.url)).toEqual([
      `${BASE_URL}/my-tickets/`,
      `${BASE_URL}/token/refresh/`,
      `${BASE_URL}/my-tickets/`,
    ]);
    expect(calls[2]?.headers.get('Authorization')).toBe(`Bearer ${newToken}`);
  });

  it('logs out when the retried call is still refused', async () => {
    loginWith(accessToken(3600));
    const { calls } = fakeFetch(({ url }) =>
      isRefresh(url)
        ? jsonResponse(200, { access: accessToken(3600, { jti: 'new' }) })
        : jsonResponse(401, { detail: 'User is inactive' }),
    );

    await expect(apiFetch('my-tickets/')).rejects.toMatchObject({
      status: 401,
      message: 'User is inactive',
    });

    expect(calls).toHaveLength(3);
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
  });

  it('does not refresh after a 401 to a call sent without a token', async () => {
    const { calls } = fakeFetch(() => jsonResponse(401, { detail: 'Invalid credentials' }));

    await expect(
      apiFetch('login/', { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Invalid credentials',
    });
    expect(calls).toHaveLength(1);
  });
});

describe('refreshAccessToken', () => {
  it('returns the new access token for the refresh screen', async () => {
    loginWith(accessToken(3600));
    const newToken = accessToken(3600, { jti: 'new' });
    fakeFetch(() => jsonResponse(200, { access: newToken }));

    await expect(refreshAccessToken()).resolves.toBe(newToken);
    expect(useAuthStore.getState().access).toBe(newToken);
  });

  it('rejects without calling the server when there is no refresh token', async () => {
    const { calls } = fakeFetch(() => jsonResponse(200, {}));

    await expect(refreshAccessToken()).rejects.toMatchObject({ code: 'no_refresh_token' });
    expect(calls).toHaveLength(0);
  });

  it('does not bring back a session that was logged out while the refresh was on the wire', async () => {
    loginWith(accessToken(3600));
    fakeFetch(async () => {
      useAuthStore.getState().logout();
      return jsonResponse(200, { access: accessToken(3600, { jti: 'new' }) });
    });

    await expect(refreshAccessToken()).rejects.toMatchObject({ code: 'session_expired' });
    expect(useAuthStore.getState().access).toBeNull();
  });
});
