// Every query key of the owner area, in one place below the features: a feature's mutation
// invalidates what another feature reads through these, never by importing that feature.

/** Every owner theater query (lists and selects) starts with this. */
export const theatersQueryKey = ['owner', 'theaters'] as const;

/** Every query of the owner's screens (a theater's list, one screen, the add-show select). */
export const screensQueryKey = ['owner', 'screens'] as const;

/** The screens of one theater. */
export function theaterScreensQueryKey(theaterId: number) {
  return [...screensQueryKey, 'theater', theaterId] as const;
}

/** One screen with its layout. */
export function screenQueryKey(screenId: number) {
  return [...screensQueryKey, 'detail', screenId] as const;
}

/** Every owner movie query (lists and selects) starts with this. */
export const moviesQueryKey = ['owner', 'movies'] as const;

/** Every owner show query (lists and single shows) starts with this. */
export const showsQueryKey = ['owner', 'shows'] as const;

/** One show, under `showsQueryKey` so adding a show refreshes it too. */
export function showQueryKey(showId: number) {
  return [...showsQueryKey, 'detail', showId] as const;
}

/** One show's sale settings (GET onsale/{id}/), under `showsQueryKey` like the show itself. */
export function saleQueryKey(showId: number) {
  return [...showsQueryKey, 'sale', showId] as const;
}

/** Every query of the bookings in the owner's theaters starts with this. */
export const ownerBookingsQueryKey = ['owner', 'bookings'] as const;

/** The seat map of one show. */
export function seatsQueryKey(showId: number) {
  return ['owner', 'seats', showId] as const;
}

/** Today's shows at the door (Check-in), with their admitted and sold counts. */
export const checkInShowsQueryKey = ['owner', 'check-in', 'shows'] as const;

/** One show's scans at the door: counts per device and duplicates. */
export function checkInScansQueryKey(showId: number) {
  return [...checkInShowsQueryKey, 'scans', showId] as const;
}

/** What the door keeps on the device (IndexedDB): the stored shows, the queue, one show's state. */
export const doorDeviceQueryKey = ['owner', 'check-in', 'device'] as const;

/** One show's offline data, downloaded and stored (GET tickets/check-in/shows/{id}/offline/). */
export function offlineDataQueryKey(showId: number) {
  return ['owner', 'check-in', 'offline', showId] as const;
}
