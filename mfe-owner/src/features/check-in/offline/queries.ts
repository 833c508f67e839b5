import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { doorDeviceQueryKey, offlineDataQueryKey } from '../../../lib/queryKeys';
import { getOfflineData } from '../api/getOfflineData';
import { insideCount, queuedCount, saveOfflineData, storedShows } from './store';

// The device's own data (IndexedDB) read through TanStack Query like the server's, so the screen
// re-renders when a scan or a sync changes it: `networkMode: 'always'` because reading the
// device never waits for the network.

/** How often an open show's offline data is downloaded again while online. */
export const OFFLINE_REFRESH_MS = 60_000;

export function useStoredShows() {
  return useQuery({
    queryKey: [...doorDeviceQueryKey, 'shows'],
    queryFn: () => storedShows(),
    networkMode: 'always',
    retry: false,
  });
}

export function useQueuedCount() {
  return useQuery({
    queryKey: [...doorDeviceQueryKey, 'queue'],
    queryFn: () => queuedCount(),
    networkMode: 'always',
    retry: false,
  });
}

export function useInsideCount(showId: number) {
  return useQuery({
    queryKey: [...doorDeviceQueryKey, 'inside', showId],
    queryFn: () => insideCount(showId),
    networkMode: 'always',
    retry: false,
  });
}

/** Reread everything the device keeps (after a scan, a sync or a download). */
export function useRefreshDevice() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: doorDeviceQueryKey });
}

export function offlineDataQueryOptions(showId: number, onSaved: () => void) {
  return queryOptions({
    queryKey: offlineDataQueryKey(showId),
    queryFn: async ({ signal }) => {
      const data = await getOfflineData(showId, { signal });
      await saveOfflineData(data);
      onSaved();
      return { savedAt: new Date().toISOString(), tickets: data.tickets.length };
    },
    refetchInterval: OFFLINE_REFRESH_MS,
    // A download is kept on the device, not in this cache: never serve an old one instead.
    staleTime: 0,
  });
}

/**
 * Downloads the show's offline data on open, every minute and when asked (after each sync), and
 * keeps it on the device. Paused while the browser is offline.
 */
export function useOfflineData(showId: number) {
  const refresh = useRefreshDevice();
  return useQuery(offlineDataQueryOptions(showId, () => void refresh()));
}
