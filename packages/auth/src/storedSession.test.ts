import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthStore } from './session';
import { AUTH_STORAGE_KEY, storedUserId } from './storedSession';
import { makeJwt } from './test/makeJwt';

const exp = Math.floor(Date.now() / 1000) + 600;

describe('storedUserId', () => {
  beforeEach(() => localStorage.clear());

  it('reads the id the session store keeps, without the store', () => {
    createAuthStore()
      .getState()
      .login({ access: makeJwt({ sub: '4', exp }), refresh: 'r', user: { id: 4 } });
    expect(storedUserId()).toBe(4);
  });

  it('is null when nobody is signed in or storage holds something unusable', () => {
    expect(storedUserId()).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(storedUserId()).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { user: { id: 9 } } }));
    expect(storedUserId()).toBeNull();
  });
});
