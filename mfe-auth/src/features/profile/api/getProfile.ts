import type { Account } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET profile/ with the bearer token: the signed-in account. */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  return api.get('/api/profile', signal ? { signal } : {});
}

export const profileQueryKey = ['profile'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
