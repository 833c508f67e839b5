import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkInScansQueryKey } from '../../../lib/queryKeys';
import type { ScansSummary } from './doorTypes';

/** GET tickets/check-in/shows/{id}/scans/: the show's counts, per device, and its duplicates. */
export function getScans(
  showId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ScansSummary> {
  return api.get('/api/tickets/check-in/shows/{id}/scans', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  });
}

export function scansQueryOptions(showId: number) {
  return queryOptions({
    queryKey: checkInScansQueryKey(showId),
    queryFn: ({ signal }) => getScans(showId, { signal }),
    // Other doors scan too; offline the last answer stays on screen.
    refetchInterval: 30_000,
  });
}

export function useScans(showId: number) {
  return useQuery(scansQueryOptions(showId));
}
