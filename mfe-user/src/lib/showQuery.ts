import type { Show } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { showQueryKey } from './queryKeys';

/** GET shows/{id}/: one show; 404 when unknown. */
export function getShow(showId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Show> {
  return api.get('/api/shows/{id}', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  });
}

export function showQueryOptions(showId: number) {
  return queryOptions({
    queryKey: showQueryKey(showId),
    queryFn: ({ signal }) => getShow(showId, { signal }),
  });
}

/**
 * The show, or nothing while `showId` is null. A show that failed to load is not asked for again
 * just because another part of the page that shows it mounts (retryOnMount): the seat page draws
 * its parts together once the show has settled, so each such mount made the show pending again,
 * the page went back to loading, and round it went for good. Retry asks again.
 */
export function useShow(showId: number | null) {
  return useQuery({
    ...showQueryOptions(showId ?? 0),
    enabled: showId !== null,
    retryOnMount: false,
  });
}
