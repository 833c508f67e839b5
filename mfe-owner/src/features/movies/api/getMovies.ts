import type { Movie, Paged } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CHOICES_PAGE_SIZE } from '../../theaters/api/getTheaters';

/**
 * GET movies/?page=&page_size=&q=&theater=: one page of the movies of the caller's theaters
 * (the server scopes them), optionally of one theater.
 */
export function getMovies(
  query: { page: number; page_size: number; q?: string | null; theater?: number | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Movie>> {
  return api.get<Paged<Movie>>('movies/', { query, ...(signal ? { signal } : {}) });
}

/** Every owner movie query starts with this, so adding a movie refreshes them all. */
export const moviesQueryKey = ['owner', 'movies'] as const;

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

export function movieChoicesQueryOptions(theaterId: number) {
  return queryOptions({
    queryKey: [...moviesQueryKey, 'choices', theaterId],
    queryFn: ({ signal }) =>
      getMovies({ page: 1, page_size: CHOICES_PAGE_SIZE, theater: theaterId }, { signal }).then(
        (page) => page.results,
      ),
  });
}

/** The movies of one theater for a Movie select; nothing while no theater is chosen. */
export function useMovieChoices(theaterId: number | null) {
  return useQuery({ ...movieChoicesQueryOptions(theaterId ?? 0), enabled: theaterId !== null });
}
