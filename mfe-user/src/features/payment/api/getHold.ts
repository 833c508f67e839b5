import type { Hold } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { holdQueryKey } from '../../../lib/queryKeys';

/** How often an open payment page asks again, in case another tab or device changed the hold. */
export const HOLD_REFRESH_MS = 15_000;

/**
 * GET holds/{id}/: the caller's hold with its status (active, confirmed, released); 404 when
 * unknown or not theirs, 410 (with its show_id) once it has expired.
 */
export function getHold(holdId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Hold> {
  return api.get('/api/holds/{id}', {
    path: { id: holdId },
    ...(signal ? { signal } : {}),
  });
}

export function holdQueryOptions(holdId: number) {
  return queryOptions({
    queryKey: holdQueryKey(holdId),
    queryFn: ({ signal }) => getHold(holdId, { signal }),
    // Paid, released or replaced elsewhere: reopening or returning to the page must show it.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      (query.state.data?.status ?? 'active') === 'active' && !query.state.error
        ? HOLD_REFRESH_MS
        : false,
  });
}

/** The hold, or nothing while `holdId` is null. */
export function useHold(holdId: number | null) {
  return useQuery({ ...holdQueryOptions(holdId ?? 0), enabled: holdId !== null });
}
