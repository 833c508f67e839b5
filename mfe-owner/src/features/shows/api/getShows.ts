import type { Paged, Show } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { showsQueryKey } from '../../../lib/queryKeys';

/**
 * GET shows/?page=&page_size=&q=: one page of the shows of the caller's theaters (the server
 * scopes them), past and upcoming, newest first.
 */
export function getShows(
  query: { page: number; page_size: number; q?: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Show>> {
  return api.get('/api/shows', { query, ...(signal ? { signal } : {}) }).then(pageOf);
}

export function showPageQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...showsQueryKey, 'list', params],
    queryFn: ({ signal }) => getShows(pageQuery(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The shows list: one page, optionally searched. */
export function useShowPage(params: ListPage) {
  return useQuery(showPageQueryOptions(params));
}
