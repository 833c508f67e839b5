import type { Seat } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { seatsQueryKey } from '../../../lib/queryKeys';

/** How often the seat map asks again, so other customers' holds and bookings appear. */
export const SEATS_REFRESH_MS = 10_000;

/** GET shows/{id}/seats/: every seat of the show as the caller sees it, by row then column. */
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
    staleTime: 0,
    refetchInterval: SEATS_REFRESH_MS,
  });
}

/** The show's seats, polled every 10 s; nothing while `showId` is null. */
export function useSeats(showId: number | null) {
  return useQuery({ ...seatsQueryOptions(showId ?? 0), enabled: showId !== null });
}
