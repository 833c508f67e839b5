import type { Paged, Show } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET shows/?page=N&page_size=M&q= (M: 20, or 8 on a phone: listPageSize)
 * Every show, past and upcoming, newest first, one page, searched with `q`.
 */
export function getShows(
  params: ListPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Show>> {
  return api
    .get('/api/shows', {
      query: pageQuery(params),
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

/**
 * Every page of this list starts with this key. The query cache is shared with the other areas,
 * so 'admin' keeps these envelopes apart from their plain-array lists of the same path.
 */
export const showsQueryKey = ['admin', 'shows'] as const;

export function showsQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...showsQueryKey, params],
    queryFn: ({ signal }) => getShows(params, { signal }),
    // The current rows stay on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useShows(params: ListPage) {
  return useQuery(showsQueryOptions(params));
}
