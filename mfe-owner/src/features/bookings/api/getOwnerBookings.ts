import type { Booking, Paged } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ownerBookingsQueryKey } from '../../../lib/queryKeys';

/** GET bookings/owner/?page=&page_size=&q=: bookings on the caller's theaters, newest first. */
export function getOwnerBookings(
  query: { page: number; page_size: number; q?: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Booking>> {
  return api
    .get('/api/bookings/owner', {
      query,
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

export function ownerBookingPageQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...ownerBookingsQueryKey, 'list', params],
    queryFn: ({ signal }) => getOwnerBookings(pageQuery(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOwnerBookingPage(params: ListPage) {
  return useQuery(ownerBookingPageQueryOptions(params));
}
