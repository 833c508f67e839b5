import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myHoldQueryKey } from '../../../lib/queryKeys';

/** GET holds/?show={id}: the caller's holds in force on the show (at most one), newest first. */
export function getMyHolds(showId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/holds', { query: { show: showId }, ...(signal ? { signal } : {}) });
}

export function myHoldQueryOptions(showId: number) {
  return queryOptions({
    queryKey: myHoldQueryKey(showId),
    queryFn: async ({ signal }) => (await getMyHolds(showId, { signal }))[0] ?? null,
    staleTime: 0,
  });
}

/**
 * The caller's hold on the show (e.g. placed in another tab), or null. Asked only while the seat
 * map shows seats under the caller's own hold (`enabled`), so a map without any costs no call.
 */
export function useMyHold(showId: number, enabled: boolean) {
  return useQuery({ ...myHoldQueryOptions(showId), enabled });
}
