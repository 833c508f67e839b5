import type { Movie, NewMovie } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moviesQueryKey } from '../../../lib/queryKeys';

/**
 * POST movies/ {title, description, duration_minutes, language, release_date, theater}.
 * 400 with fields when something is missing or the theater is not the caller's.
 */
export function createMovie(input: NewMovie): Promise<Movie> {
  return api.post('/api/movies', { body: input });
}

/** Adds a movie and refreshes every movie list and select. */
export function useCreateMovie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMovie,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moviesQueryKey }),
  });
}
