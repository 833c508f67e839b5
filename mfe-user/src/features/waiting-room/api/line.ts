import type { LinePlace } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lineQueryKey } from '../../../lib/queryKeys';

/** GET onsale/{id}/line/: the caller's place; 404 `not_in_line` before they joined. */
export function getLinePlace(showId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/onsale/{id}/line', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  }) as Promise<LinePlace>;
}

/** POST onsale/{id}/line/: joins the line; joining again keeps the place (idempotent). */
export function joinLine(showId: number): Promise<LinePlace> {
  return api.post('/api/onsale/{id}/line', { path: { id: showId } });
}

/**
 * The caller's place, asked again every `poll_after_seconds` while they wait (the API answers
 * polls; docs/decisions/0031-on-sale-waiting-room.md): every second near the front of the line,
 * and not while admitted or out, nor once the show is sold out (the page offers the waitlist).
 */
export function useLinePlace(showId: number) {
  return useQuery({
    queryKey: lineQueryKey(showId),
    queryFn: ({ signal }) => getLinePlace(showId, { signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const place = query.state.data;
      return place?.status === 'waiting' && !place.sold_out
        ? place.poll_after_seconds * 1000
        : false;
    },
  });
}

/** DELETE onsale/{id}/line/: leaves the line; a later join goes to the back. */
export function leaveLine(showId: number): Promise<unknown> {
  return api.delete('/api/onsale/{id}/line', { path: { id: showId } });
}

export function useJoinLine(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinLine(showId),
    onSuccess: (place) => queryClient.setQueryData(lineQueryKey(showId), place),
  });
}

/** Leaving resolves once the place has been read again (status 'left'), so the page never shows
 * a place that is gone. */
export function useLeaveLine(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveLine(showId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineQueryKey(showId) }),
  });
}
