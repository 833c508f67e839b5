import type { Paged, Theater } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { theatersQueryKey } from '../../../lib/queryKeys';

/** GET theaters/?page=&page_size=&q=: one page of the caller's own theaters (the server scopes them). */
export function getTheaters(
  query: { page: number; page_size: number; q?: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Theater>> {
  return api.get('/api/theaters', { query, ...(signal ? { signal } : {}) }).then(pageOf);
}

export function theaterPageQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...theatersQueryKey, 'list', params],
    queryFn: ({ signal }) => getTheaters(pageQuery(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The theaters list: one page, optionally searched. */
export function useTheaterPage(params: ListPage) {
  return useQuery(theaterPageQueryOptions(params));
}
