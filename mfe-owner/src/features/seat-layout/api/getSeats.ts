import type { Seat } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { seatsQueryKey } from '../../../lib/queryKeys';

/** GET shows/{id}/seats/: every seat by row then column; booked ones name the booker. */
export function getSeats(
  showId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Seat[]> {
  return api.get('/api/shows/{id}/seats', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  });
}

export function seatsQueryOptions(showId: number) {
  return queryOptions({
    queryKey: seatsQueryKey(showId),
    queryFn: ({ signal }) => getSeats(showId, { signal }),
  });
}

export function useSeats(showId: number) {
  return useQuery(seatsQueryOptions(showId));
}
