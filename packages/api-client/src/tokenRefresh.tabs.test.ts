// Several tabs of one browser share the session in localStorage. Only one of them may refresh at a
// time (Web Locks), and a tab that waited takes the tokens the other one stored instead of
// presenting the refresh token it had, which the server would treat as reused.
import { AUTH_STORAGE_KEY, REFRESH_IN_COOKIE, useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './client';
import { configureApi, DEFAULT_API_BASE_URL } from './config';
import { accessToken, BASE_URL, fakeFetch, jsonResponse, NOW_MS } from './test/fakeApi';
import { REFRESH_LOCK_NAME, REFRESH_LOCK_WAIT_MS, refreshAccessToken } from './tokenRefresh';

/**
 * An in-memory LockManager: exclusive locks by name, granted in request order, a request given up
 * when its signal aborts while it waits. `held` names the locks held right now.
 */
function installFakeLocks() {
  const tails = new Map<string, Promise<void>>();
  const held = new Set<string>();
  const requests: string[] = [];
  const request = vi.fn(
    <T>(
      name: string,
      optionsOrCallback: LockOptions | (() => Promise<T>),
      maybeCallback?: () => Promise<T>,
    ): Promise<T> => {
      const callback = (
        typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
      ) as () => Promise<T>;
      const signal = typeof optionsOrCallback === 'function' ? undefined : optionsOrCallback.signal;
      requests.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      let release = () => {};
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      tails.set(
        name,
        previous.then(() => mine),
      );
      return new Promise<T>((resolve, reject) => {
        let gaveUp = false;
        signal?.addEventListener('abort', () => {
          gaveUp = true;
          release();
          reject(new DOMException('The request was aborted.', 'AbortError'));
        });
        void previous.then(async () => {
          if (gaveUp) return;
          held.add(name);
          try {
            resolve(await callback());
          } catch (error) {
            reject(error);
          } finally {
            held.delete(name);
            release();
          }
        });
      });
    },
  );
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return { request, held, requests };
}

/** What another tab does: writes the session to localStorage (this tab gets no storage event). */
function anotherTabStores(session: { access: string | null; refresh: string | null }) {
  const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
  const user = session.access === null ? null : (stored.state?.user ?? null);
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ ...stored, state: { ...stored.state, ...session, user } }),
  );
}

function loginWith(access: string, refresh = 'refresh-1') {
  useAuthStore.getState().login({
    access,
    refresh,
    user: { id: 1, username: 'asha', email: 'asha@example.com', role: 'user' },
  });
}

const isRefresh = (url: string) => url === `${BASE_URL}/token/refresh/`;

beforeEach(() => {
  configureApi({ baseUrl: BASE_URL, now: () => NOW_MS });
  useAuthStore.getState().logout();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.useRealTimers();
  configureApi({ baseUrl: DEFAULT_API_BASE_URL });
});

describe('one tab refreshes at a time', () => {
  it('refreshes while holding the cross-tab lock', async () => {
    const locks = installFakeLocks();
    loginWith(accessToken(30));
    const newToken = accessToken(900, { jti: 'new' });
    const heldDuringRefresh: boolean[] = [];
    const { callsTo } = fakeFetch(({ url }) => {
      if (isRefresh(url)) {
        heldDuringRefresh.push(locks.held.has(REFRESH_LOCK_NAME));
        return jsonResponse(200, { access: newToken });
      }
      return jsonResponse(200, []);
    });

    await apiFetch('theaters/');

    expect(locks.requests).toEqual([REFRESH_LOCK_NAME]);
    expect(callsTo('token/refresh/')).toHaveLength(1);
    expect(heldDuringRefresh).toEqual([true]);
    expect(useAuthStore.getState()).toMatchObject({ access: newToken, refresh: REFRESH_IN_COOKIE });
  });

  it('a tab that waited for another tab’s refresh uses the tokens it stored and does not refresh', async () => {
    const locks = installFakeLocks();
    loginWith(accessToken(30));
    const theirs = accessToken(900, { jti: 'other-tab' });
    const { calls, callsTo } = fakeFetch(() => jsonResponse(200, []));
    // The other tab is refreshing: it holds the lock until it has stored its new tokens.
    let finishOtherTab = () => {};
    const otherTab = locks.request(
      REFRESH_LOCK_NAME,
      () =>
        new Promise<void>((resolve) => {
          finishOtherTab = () => {
            anotherTabStores({ access: theirs, refresh: REFRESH_IN_COOKIE });
            resolve();
          };
        }),
    );

    const call = apiFetch('my-tickets/');
    await vi.waitFor(() => expect(locks.requests).toHaveLength(2));
    expect(calls).toHaveLength(0); // waiting for the lock, not refreshing
    finishOtherTab();
    await otherTab;
    await call;

    expect(callsTo('token/refresh/')).toHaveLength(0);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([`Bearer ${theirs}`]);
    expect(useAuthStore.getState()).toMatchObject({ access: theirs, refresh: REFRESH_IN_COOKIE });
    expect(useAuthStore.getState().user).toMatchObject({ username: 'asha' });
  });

  it('a tab that waited while another tab logged out fails with session_expired and sends nothing', async () => {
    const locks = installFakeLocks();
    loginWith(accessToken(-5));
    const { calls } = fakeFetch(() => jsonResponse(200, []));
    let finishOtherTab = () => {};
    const otherTab = locks.request(
      REFRESH_LOCK_NAME,
      () =>
        new Promise<void>((resolve) => {
          finishOtherTab = () => {
            anotherTabStores({ access: null, refresh: null });
            resolve();
          };
        }),
    );

    const call = apiFetch('my-tickets/').catch((error: unknown) => error);
    await vi.waitFor(() => expect(locks.requests).toHaveLength(2));
    finishOtherTab();
    await otherTab;

    expect(await call).toMatchObject({ status: 401, code: 'session_expired' });
    expect(calls).toHaveLength(0);
    expect(useAuthStore.getState().access).toBeNull();
  });

  it('gives up waiting for a tab stuck mid-refresh and refreshes itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const locks = installFakeLocks();
    loginWith(accessToken(30));
    const newToken = accessToken(900, { jti: 'new' });
    const { callsTo } = fakeFetch(({ url }) =>
      isRefresh(url) ? jsonResponse(200, { access: newToken }) : jsonResponse(200, []),
    );
    void locks.request(REFRESH_LOCK_NAME, () => new Promise<void>(() => {})); // never ends

    const call = apiFetch('theaters/');
    await vi.advanceTimersByTimeAsync(REFRESH_LOCK_WAIT_MS - 1);
    expect(callsTo('token/refresh/')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await call;

    expect(callsTo('token/refresh/')).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject({ access: newToken, refresh: REFRESH_IN_COOKIE });
  });

  it('without Web Locks a tab still refreshes (the server answers racing tabs alike)', async () => {
    expect('locks' in navigator).toBe(false);
    loginWith(accessToken(30));
    const newToken = accessToken(900, { jti: 'new' });
    const { callsTo } = fakeFetch(({ url }) =>
      isRefresh(url) ? jsonResponse(200, { access: newToken }) : jsonResponse(200, []),
    );

    await expect(refreshAccessToken()).resolves.toBe(newToken);
    expect(callsTo('token/refresh/')).toHaveLength(1);
  });
});

describe('two tabs', () => {
  it('two copies of the client refreshing at once make one refresh call and share its tokens', async () => {
    installFakeLocks();
    loginWith(accessToken(30));
    // A second tab: its own copy of every module (store, client), the same localStorage and locks.
    vi.resetModules();
    const tabB = {
      auth: await import('@cinema/auth'),
      config: await import('./config'),
      refresh: await import('./tokenRefresh'),
    };
    tabB.config.configureApi({ baseUrl: BASE_URL, now: () => NOW_MS });
    expect(tabB.auth.useAuthStore).not.toBe(useAuthStore);
    expect(tabB.auth.useAuthStore.getState().refresh).toBe(REFRESH_IN_COOKIE);

    const newToken = accessToken(900, { jti: 'new' });
    const { callsTo } = fakeFetch(async ({ url }) => {
      if (!isRefresh(url)) return jsonResponse(200, []);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return jsonResponse(200, { access: newToken });
    });

    const [a, b] = await Promise.all([refreshAccessToken(), tabB.refresh.refreshAccessToken()]);

    expect(callsTo('token/refresh/')).toHaveLength(1);
    expect([a, b]).toEqual([newToken, newToken]);
    for (const store of [useAuthStore, tabB.auth.useAuthStore]) {
      expect(store.getState()).toMatchObject({ access: newToken, refresh: REFRESH_IN_COOKIE });
    }
  });
});
