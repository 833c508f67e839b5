import type { ResponseOf } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myTicketsQueryKey } from '../../../lib/queryKeys';

/** A ticket of the caller's, with `pass`: what its QR code carries (null when cancelled). */
export type MyTicket = ResponseOf<'/api/my-tickets', 'get'>[number];

/** GET my-tickets/: the caller's tickets, newest show first. */
export function getMyTickets({ signal }: { signal?: AbortSignal } = {}): Promise<MyTicket[]> {
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
