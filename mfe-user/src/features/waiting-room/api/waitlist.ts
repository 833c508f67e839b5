import type { WaitlistEntry } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { waitlistQueryKey } from '../../../lib/queryKeys';

/** GET onsale/{id}/waitlist/: the caller's entry; 404 `not_on_waitlist` when they have none. */
export function getWaitlistEntry(showId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/onsale/{id}/waitlist', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  }) as Promise<WaitlistEntry>;
}

/** POST onsale/{id}/waitlist/ {seats}: joins a sold-out show's waitlist (again: keeps the place). */
export function joinWaitlist(showId: number, seats: number): Promise<WaitlistEntry> {
  return api.post('/api/onsale/{id}/waitlist', { path: { id: showId }, body: { seats } });
}

export function leaveWaitlist(showId: number): Promise<unknown> {
  return api.delete('/api/onsale/{id}/waitlist', { path: { id: showId } });
}

/** The caller's entry, asked again while they wait (freed seats are offered on these polls). */
export function useWaitlistEntry(showId: number, enabled: boolean) {
  return useQuery({
    queryKey: waitlistQueryKey(showId),
    queryFn: ({ signal }) => getWaitlistEntry(showId, { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      const entry = query.state.data;
      return entry?.state === 'waiting' ? entry.poll_after_seconds * 1000 : false;
    },
  });
}

export function useWaitlistChange(showId: number) {
  const queryClient = useQueryClient();
  const key = waitlistQueryKey(showId);
  const join = useMutation({
    mutationFn: (seats: number) => joinWaitlist(showId, seats),
    onSuccess: (entry) => queryClient.setQueryData(key, entry),
  });
  const leave = useMutation({
    mutationFn: () => leaveWaitlist(showId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { join, leave };
}
