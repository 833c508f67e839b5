import type { QueueLengths } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useQuery } from '@tanstack/react-query';
import { showsQueryKey } from '../../../lib/queryKeys';

export type ShowQueueLengths = QueueLengths['items'][number];

/**
 * GET onsale/lengths/?ids=: how many customers wait on each show's waitlist and, for a
 * high-demand show, in its line; one call for a page of the list (the server leaves out shows
 * that are not the caller's).
 */
export function getQueueLengths(
  showIds: number[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<QueueLengths> {
  return api.get('/api/onsale/lengths', {
    query: { ids: showIds.join(',') },
    ...(signal ? { signal } : {}),
  });
}

/** The lengths of the shows on screen, by show id; refreshed every 30 s while it is open. */
export function useQueueLengths(showIds: number[]) {
  return useQuery({
    queryKey: [...showsQueryKey, 'queue-lengths', showIds],
    queryFn: ({ signal }) => getQueueLengths(showIds, { signal }),
    enabled: showIds.length > 0,
    refetchInterval: 30_000,
    select: (data) => new Map(data.items.map((item) => [item.show_id, item])),
  });
}
