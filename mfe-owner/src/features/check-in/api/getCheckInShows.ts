import type { ApiComponents } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkInShowsQueryKey } from '../../../lib/queryKeys';

/** A show to check in today, with when check-in opens and its admitted / sold counts. */
export type CheckInShow = ApiComponents['schemas']['CheckInShow'];

/**
 * GET tickets/check-in/shows/: today's shows of the caller's theaters (and any still running
 * from the night before), soonest first, each with its admitted and sold tickets.
 */
export function getCheckInShows({ signal }: { signal?: AbortSignal } = {}): Promise<CheckInShow[]> {
  return api.get('/api/tickets/check-in/shows', signal ? { signal } : {});
}

export function checkInShowsQueryOptions() {
  return queryOptions({
    queryKey: checkInShowsQueryKey,
    queryFn: ({ signal }) => getCheckInShows({ signal }),
    // Other doors admit people too: the counts stay roughly current on their own.
    refetchInterval: 30_000,
  });
}

export function useCheckInShows() {
  return useQuery(checkInShowsQueryOptions());
}
