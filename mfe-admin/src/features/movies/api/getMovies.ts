import type { Movie, Paged } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET movies/?page=N&page_size=M&q= (M: 20, or 8 on a phone: listPageSize)
 * Every movie, one page, searched with `q`.
 */
export function getMovies(
  params: ListPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Movie>> {
  return api
    .get('/api/movies', {
      query: pageQuery(params),
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

/**
 * Every page of this list starts with this key. The query cache is shared with the other areas,
 * so 'admin' keeps these envelopes apart from their plain-array lists of the same path.
 */
export const moviesQueryKey = ['admin', 'movies'] as const;

export function moviesQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...moviesQueryKey, params],
    queryFn: ({ signal }) => getMovies(params, { signal }),
    // The current rows stay on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useMovies(params: ListPage) {
  return useQuery(moviesQueryOptions(params));
}
