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

/** How often the map asks again while its live events are down (with them up, never). */
export const SEATS_REFRESH_MS = 10_000;

export function seatsQueryOptions(showId: number, { poll = true }: { poll?: boolean } = {}) {
  return queryOptions({
    queryKey: seatsQueryKey(showId),
    queryFn: ({ signal }) => getSeats(showId, { signal }),
    refetchInterval: poll ? SEATS_REFRESH_MS : false,
  });
}

/** The show's seats; polled every 10 s unless `poll` is false (while `useLiveSeats` is up). */
export function useSeats(showId: number, options: { poll?: boolean } = {}) {
  return useQuery(seatsQueryOptions(showId, options));
}
