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

  it('does not retry a 4xx from another copy of the client (a remote with its own bundle)', () => {
    // Module Federation may load a second copy of this package: its errors are not instances of
    // this ApiError, yet a 401 or 403 from it answers the same the next time.
    class OtherApiError extends Error {
      override readonly name = 'ApiError';
      constructor(readonly status: number) {
        super('Refused');
      }
    }
    expect(retry(0, new OtherApiError(403))).toBe(false);
    expect(retry(0, new OtherApiError(503))).toBe(true);
  });

  it('never retries a cancelled call', () => {
    expect(retry(0, new DOMException('Aborted', 'AbortError'))).toBe(false);
  });

  it('retries quickly, so even a failure after two retries shows within about a second', () => {
    const delay = queries?.retryDelay;
    if (typeof delay !== 'function') throw new Error('expected a retryDelay function');
    const offline = new ApiError({ status: 0, message: 'Network error.' });
    expect(delay(0, offline) + delay(1, offline)).toBeLessThanOrEqual(1000);
  });

  it('shows a refused query’s error on the first answer: one call, no waiting', async () => {
    const client = createQueryClient();
    let calls = 0;
    const started = Date.now();
    await expect(
      client.fetchQuery({
        queryKey: ['refused'],
        queryFn: () => {
          calls++;
          throw new ApiError({ status: 403, message: 'You do not have permission to do that.' });
        },
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow('You do not have permission to do that.');
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
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
