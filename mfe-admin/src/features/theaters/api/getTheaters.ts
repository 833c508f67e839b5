import type { Paged, Theater } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET theaters/?page=N&page_size=M&q= (M: 20, or 8 on a phone: listPageSize)
 * Every theater with its owner, one page, searched with `q`.
 */
export function getTheaters(
  params: ListPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Theater>> {
  return api
    .get('/api/theaters', {
      query: pageQuery(params),
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

/**
 * Every page of this list starts with this key. The query cache is shared with the other areas,
 * so 'admin' keeps these envelopes apart from their plain-array lists of the same path.
 */
export const theatersQueryKey = ['admin', 'theaters'] as const;

export function theatersQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...theatersQueryKey, params],
    queryFn: ({ signal }) => getTheaters(params, { signal }),
    // The current rows stay on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useTheaters(params: ListPage) {
  return useQuery(theatersQueryOptions(params));
}
