// Every query key of the customer area, in one place below the features: a feature's mutation
// invalidates what another feature reads (paying refreshes the tickets, the seats and the shows)
// through these, never by importing that feature.

export const moviesQueryKey = ['movies'] as const;

export const theatersQueryKey = ['theaters'] as const;

/** Every show query (lists and single shows) starts with this, so one invalidation covers all. */
export const showsQueryKey = ['shows'] as const;

export function showQueryKey(showId: number) {
  return [...showsQueryKey, 'detail', showId] as const;
}

export const myTicketsQueryKey = ['my-tickets'] as const;

/** Every seat query starts with this; `seatsQueryKey(showId)` is one show's seats. */
export const allSeatsQueryKey = ['seats'] as const;

export function seatsQueryKey(showId: number) {
  return [...allSeatsQueryKey, showId] as const;
}

/** Every hold query starts with this: one hold, or the caller's active hold on a show. */
export const allHoldsQueryKey = ['holds'] as const;

export function holdQueryKey(holdId: number) {
  return [...allHoldsQueryKey, holdId] as const;
}

export function myHoldQueryKey(showId: number) {
  return [...allHoldsQueryKey, 'show', showId] as const;
}

/** A show's sale (opening time, high demand) and the caller's place in its waiting line. */
export function saleQueryKey(showId: number) {
  return ['onsale', showId] as const;
}

export function lineQueryKey(showId: number) {
  return ['onsale', showId, 'line'] as const;
}

export function waitlistQueryKey(showId: number) {
  return ['onsale', showId, 'waitlist'] as const;
}
