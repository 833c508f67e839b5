import type { Poster } from '@cinema/api-client';
import { apiFetch } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moviesQueryKey } from '../../../lib/queryKeys';

/**
 * PUT movies/{id}/poster/ with the image itself (JPEG, PNG or WebP, at most 5 MB): the API cuts
 * it to 2:3 and keeps it in a few widths. 400/413/415 with `fields.poster` when it is refused.
 */
export function setMoviePoster({
  movieId,
  file,
}: {
  movieId: number;
  file: File;
}): Promise<Poster> {
  return apiFetch<Poster>(`movies/${movieId}/poster/`, { method: 'PUT', body: file });
}

/** DELETE movies/{id}/poster/: the movie shows its title alone again. */
export function removeMoviePoster(movieId: number): Promise<void> {
  return apiFetch<void>(`movies/${movieId}/poster/`, { method: 'DELETE' });
}

/** Sets or removes a poster, then refreshes every movie list. */
export function useMoviePoster() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: moviesQueryKey });
  return {
    set: useMutation({ mutationFn: setMoviePoster, onSuccess: refresh }),
    remove: useMutation({ mutationFn: removeMoviePoster, onSuccess: refresh }),
  };
}
