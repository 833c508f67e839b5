import { useAuthStore } from '@cinema/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { createQueryClient, queryClient } from './queryClient';
import { makeJwt } from './test/fakeApi';

describe('createQueryClient', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  const retry = queries?.retry;
  if (typeof retry !== 'function') throw new Error('expected a retry function');

  it('does not retry 4xx answers', () => {
    expect(retry(0, new ApiError({ status: 404, message: 'Not found.' }))).toBe(false);
  });

  it('retries network failures and 5xx up to twice', () => {
    const offline = new ApiError({ status: 0, message: 'Network error.' });
    expect(retry(0, offline)).toBe(true);
    expect(retry(1, new ApiError({ status: 503, message: 'Down' }))).toBe(true);
    expect(retry(2, offline)).toBe(false);
  });

  it('keeps data fresh for 30 s, ignores window focus and never retries mutations', () => {
    expect(queries).toMatchObject({ staleTime: 30_000, refetchOnWindowFocus: false });
    expect(mutations?.retry).toBe(false);
  });
});

describe('queryClient', () => {
  it('forgets cached answers when the user logs out', () => {
    useAuthStore.getState().login({ access: makeJwt({ sub: '1' }), refresh: 'r' });
    queryClient.setQueryData(['my-tickets'], [{ id: 1 }]);

    useAuthStore.getState().logout();

    expect(queryClient.getQueryData(['my-tickets'])).toBeUndefined();
  });
});
