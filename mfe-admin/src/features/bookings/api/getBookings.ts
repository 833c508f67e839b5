import type { Booking, Paged } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET bookings/admin/?page=N&page_size=M&q= (M: 20, or 8 on a phone: listPageSize)
 * Every booking, newest first, one page, searched with `q`.
 */
export function getBookings(
  params: ListPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Booking>> {
  return api
    .get('/api/bookings/admin', {
      query: pageQuery(params),
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

/**
 * Every page of this list starts with this key. The query cache is shared with the other areas,
 * so 'admin' keeps these envelopes apart from their plain-array lists of the same path.
 */
export const bookingsQueryKey = ['admin', 'bookings'] as const;

export function bookingsQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, params],
    queryFn: ({ signal }) => getBookings(params, { signal }),
    // The current rows stay on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useBookings(params: ListPage) {
  return useQuery(bookingsQueryOptions(params));
}
