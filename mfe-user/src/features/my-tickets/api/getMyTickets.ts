import type { Ticket } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myTicketsQueryKey } from '../../../lib/queryKeys';

/** GET my-tickets/: the caller's tickets, newest show first. */
export function getMyTickets({ signal }: { signal?: AbortSignal } = {}): Promise<Ticket[]> {
  return api.get('/api/my-tickets', signal ? { signal } : {});
}

export function myTicketsQueryOptions() {
  return queryOptions({
    queryKey: myTicketsQueryKey,
    queryFn: ({ signal }) => getMyTickets({ signal }),
  });
}

export function useMyTickets({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myTicketsQueryOptions(), enabled });
}
