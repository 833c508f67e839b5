import type { NewShow, Show } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showsQueryKey } from '../../../lib/queryKeys';

/**
 * POST shows/ {movie, theater, date, start_time, end_time}. 400 with fields when something is
 * missing or the end is not after the start; 400 detail when it would start in the past or the
 * movie is not in that theater; 409 when it overlaps another show in the theater.
 */
export function createShow(input: NewShow): Promise<Show> {
  return api.post('/api/shows', { body: input });
}

/** Adds a show and refreshes every show list. */
export function useCreateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: showsQueryKey }),
  });
}
