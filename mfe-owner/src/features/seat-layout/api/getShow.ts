import type { Show } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { showQueryKey } from '../../../lib/queryKeys';

/** GET shows/{id}/: one show; 404 when unknown or another owner's. */
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

export function useShow(showId: number) {
  return useQuery(showQueryOptions(showId));
}
