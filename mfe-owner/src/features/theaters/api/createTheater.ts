import type { NewTheater, Theater } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { theatersQueryKey } from '../../../lib/queryKeys';

/**
 * POST theaters/ {name, location, rows, seats_per_row}: the server makes the caller its owner.
 * 400 with fields (name, location) when something is missing.
 */
export function createTheater(input: NewTheater): Promise<Theater> {
  return api.post('/api/theaters', { body: input });
}

/** Adds a theater and refreshes every theater list and select. */
export function useCreateTheater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTheater,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: theatersQueryKey }),
  });
}
