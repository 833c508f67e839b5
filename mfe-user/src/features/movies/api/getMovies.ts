import type { Movie } from '@cinema/api-client';
import { api, listOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { moviesQueryKey } from '../../../lib/queryKeys';

export interface MovieFilters {
  /** Only the movies running in this theater. */
  theater?: number | null;
}

/** GET movies/ or movies/?theater={id}. */
export function getMovies(
  filters: MovieFilters = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<Movie[]> {
  return api
    .get('/api/movies', {
      query: { theater: filters.theater ?? null },
      ...(signal ? { signal } : {}),
    })
    .then(listOf);
}

export function moviesQueryOptions(filters: MovieFilters = {}) {
  return queryOptions({
    queryKey: [...moviesQueryKey, { theater: filters.theater ?? null }],
    queryFn: ({ signal }) => getMovies(filters, { signal }),
  });
}

export function useMovies(filters: MovieFilters = {}, { enabled = true } = {}) {
  return useQuery({ ...moviesQueryOptions(filters), enabled });
}
