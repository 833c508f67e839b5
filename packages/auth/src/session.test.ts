import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, createAuthStore, REFRESH_IN_COOKIE, useAuthStore } from './session';
import { makeJwt } from './test/makeJwt';

const exp = 1_900_000_000;

beforeEach(() => {
  useAuthStore.getState().logout();
  localStorage.clear();
});

describe('login', () => {
  it('takes the role from user.role and the profile fields from the response', () => {
    useAuthStore.getState().login({
      access: makeJwt({ user_id: 12, exp, role: 'user' }),
      refresh: 'refresh-1',
      user: { id: 12, username: 'asha', email: 'asha@example.com', role: 'owner' },
    });

    const { user, access, refresh } = useAuthStore.getState();
    expect(access).toBeTypeOf('string');
    // The refresh token itself stays in its HttpOnly cookie; the store only knows there is one.
    expect(refresh).toBe(REFRESH_IN_COOKIE);
    expect(JSON.stringify(useAuthStore.getState())).not.toContain('refresh-1');
    expect(user).toMatchObject({
      id: 12,
      user_id: 12,
      username: 'asha',
      email: 'asha@example.com',
      role: 'owner',
      exp,
    });
  });

  it('takes the role from a top-level role when the response has no user', () => {
    useAuthStore
      .getState()
      .login({ access: makeJwt({ sub: '5', exp }), refresh: 'r', role: 'admin' });

    expect(useAuthStore.getState().user).toMatchObject({ id: 5, user_id: 5, role: 'admin' });
  });

  it('falls back to the role, username and email claims of the token', () => {
    useAuthStore.getState().login({
      access: makeJwt({ sub: '9', username: 'ravi', email: 'ravi@example.com', role: 'user', exp }),
      refresh: 'r',
    });

    expect(useAuthStore.getState().user).toMatchObject({
      id: 9,
      username: 'ravi',
      email: 'ravi@example.com',
      role: 'user',
      exp,
      sub: '9',
    });
  });

  it('keeps an access token it cannot decode, with a user built from the response alone', () => {
    useAuthStore.getState().login({
      access: 'opaque-token',
      refresh: 'r',
      user: { id: 3, username: 'meera', email: 'm@example.com', role: 'user' },
    });

    const { user, access } = useAuthStore.getState();
    expect(access).toBe('opaque-token');
    expect(user).toEqual({
      id: 3,
      user_id: 3,
      username: 'meera',
      email: 'm@example.com',
      role: 'user',
      exp: null,
    });
  });

  it('has no user when neither the token nor the response says who it is', () => {
    useAuthStore.getState().login({ access: 'opaque-token', refresh: 'r' });

    expect(useAuthStore.getState()).toMatchObject({ user: null, access: 'opaque-token' });
  });
});

describe('setTokens', () => {
  beforeEach(() => {
    useAuthStore.getState().login({
      access: makeJwt({ sub: '12', exp }),
      refresh: 'refresh-1',
      user: { id: 12, username: 'asha', email: 'asha@example.com', role: 'owner' },
    });
  });

  it('replaces the access token, keeps the refresh marker and what login told us', () => {
    const newAccess = makeJwt({ sub: '12', exp: exp + 300 });
    useAuthStore.getState().setTokens(newAccess);

    const { user, access, refresh } = useAuthStore.getState();
    expect(access).toBe(newAccess);
    expect(refresh).toBe(REFRESH_IN_COOKIE);
    expect(user).toMatchObject({ id: 12, username: 'asha', role: 'owner', exp: exp + 300 });
  });

  it('never writes the refresh token to storage, where any script on the origin could read it', () => {
    const stored = localStorage.getItem(AUTH_STORAGE_KEY) ?? '';
    expect(stored).toContain('asha');
    expect(stored).not.toContain('refresh-1');
  });
});

describe('logout', () => {
  it('clears user, access and refresh', () => {
    useAuthStore
      .getState()
      .login({ access: makeJwt({ sub: '1', exp }), refresh: 'r', role: 'user' });
    useAuthStore.getState().logout();

    const { user, access, refresh } = useAuthStore.getState();
    expect({ user, access, refresh }).toEqual({ user: null, access: null, refresh: null });
  });
});

describe('persistence', () => {
  it('stores the session under cinema-auth and a new store picks it up', () => {
    const first = createAuthStore();
    first.getState().login({
      access: makeJwt({ sub: '4', exp }),
      refresh: 'refresh-4',
      user: { id: 4, username: 'kiran', email: 'k@example.com', role: 'user' },
    });

    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    expect(Object.keys(stored.state).sort()).toEqual(['access', 'refresh', 'user']);

    expect(JSON.stringify(stored)).not.toContain('refresh-4');

    const second = createAuthStore();
    expect(second.getState().refresh).toBe(REFRESH_IN_COOKIE);
    expect(second.getState().user).toMatchObject({ id: 4, username: 'kiran', role: 'user' });
  });

  it('drops a refresh token an older version stored, keeping only the marker', () => {
    const old = {
      state: { user: null, access: makeJwt({ sub: '4', exp }), refresh: 'old-secret' },
    };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...old, version: 0 }));

    const store = createAuthStore();
    expect(store.getState().refresh).toBe(REFRESH_IN_COOKIE);
    store.getState().setTokens(makeJwt({ sub: '4', exp: exp + 1 }));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain('old-secret');
  });

  it('starts logged out when storage holds something unusable', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { access: 42 }, version: 0 }));

    const store = createAuthStore();
    const { user, access, refresh } = store.getState();
    expect({ user, access, refresh }).toEqual({ user: null, access: null, refresh: null });
  });

  it('follows a logout made in another tab', async () => {
    const store = createAuthStore();
    store.getState().login({ access: makeJwt({ sub: '4', exp }), refresh: 'r', role: 'user' });

    // What the other tab leaves in storage, and the event this tab receives.
    const otherTab = { state: { user: null, access: null, refresh: null }, version: 0 };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(otherTab));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
    await Promise.resolve();

    expect(store.getState().access).toBeNull();
  });
});
