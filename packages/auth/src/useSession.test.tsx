import { act, renderHook } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { useAuthStore } from './session';
import { makeJwt } from './test/makeJwt';
import { useSession } from './useSession';

beforeEach(() => {
  useAuthStore.getState().logout();
});

it('useSession reports who is signed in and follows login and logout', () => {
  const { result } = renderHook(() => useSession());
  expect(result.current).toEqual({ user: null, role: null, isLoggedIn: false });

  act(() => {
    useAuthStore.getState().login({ access: makeJwt({ sub: '2' }), refresh: 'r', role: 'owner' });
  });
  expect(result.current).toMatchObject({ role: 'owner', isLoggedIn: true, user: { id: 2 } });

  act(() => useAuthStore.getState().logout());
  expect(result.current.isLoggedIn).toBe(false);
});
