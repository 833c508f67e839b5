import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { seatsQueryKey } from '../../../lib/queryKeys';
import type { MapSeat } from '../../../lib/seat-selection/seatLayout';

/**
 * How often the seat map asks again while its live events are down, so other customers' holds
 * and bookings still appear (with the events up it does not poll at all).
 */
export const SEATS_REFRESH_MS = 10_000;

/**
 * GET shows/{id}/seats/: every seat of the show as the caller sees it, front row first, left to
 * right, each with its place in the screen's layout, kind, category and price.
 */
export function getSeats(
  showId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MapSeat[]> {
  return api.get('/api/shows/{id}/seats', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  });
}

export function seatsQueryOptions(showId: number, { poll = true }: { poll?: boolean } = {}) {
  return queryOptions({
    queryKey: seatsQueryKey(showId),
    queryFn: ({ signal }) => getSeats(showId, { signal }),
    staleTime: 0,
    refetchInterval: poll ? SEATS_REFRESH_MS : false,
  });
}

/**
 * The show's seats, nothing while `showId` is null; polled every 10 s unless `poll` is false
 * (while the seat events keep the cache current: `useLiveSeats`).
 */
export function useSeats(showId: number | null, options: { poll?: boolean } = {}) {
  return useQuery({ ...seatsQueryOptions(showId ?? 0, options), enabled: showId !== null });
}
