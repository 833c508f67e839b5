import type { Show } from '@cinema/api-client';
import { api, listOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { showsQueryKey } from '../../../lib/queryKeys';

export interface ShowFilters {
  movie?: number | null;
  theater?: number | null;
}

/** GET shows/, shows/?movie={id} or shows/?theater={id}: upcoming shows, soonest first. */
export function getShows(
  filters: ShowFilters = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<Show[]> {
  return api
    .get('/api/shows', {
      query: { movie: filters.movie ?? null, theater: filters.theater ?? null },
      ...(signal ? { signal } : {}),
    })
    .then(listOf);
}

export function showsQueryOptions(filters: ShowFilters = {}) {
  return queryOptions({
    queryKey: [
      ...showsQueryKey,
      'list',
      { movie: filters.movie ?? null, theater: filters.theater ?? null },
    ],
    queryFn: ({ signal }) => getShows(filters, { signal }),
  });
}

export function useShows(filters: ShowFilters = {}) {
  return useQuery(showsQueryOptions(filters));
}
