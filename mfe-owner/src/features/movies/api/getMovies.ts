import type { Movie, Paged } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moviesQueryKey } from '../../../lib/queryKeys';

/**
 * GET movies/?page=&page_size=&q=&theater=: one page of the movies of the caller's theaters
 * (the server scopes them), optionally of one theater.
 */
export function getMovies(
  query: { page: number; page_size: number; q?: string | null; theater?: number | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Movie>> {
  return api.get('/api/movies', { query, ...(signal ? { signal } : {}) }).then(pageOf);
}

export function moviePageQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...moviesQueryKey, 'list', params],
    queryFn: ({ signal }) => getMovies(pageQuery(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The movies list: one page, optionally searched. */
export function useMoviePage(params: ListPage) {
  return useQuery(moviePageQueryOptions(params));
}
