import { api, type Screen } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { screenQueryKey } from '../../../lib/queryKeys';

/** GET screens/{id}/: one screen of the caller's theaters (404 for anyone else's). */
function getScreen(screenId: number, { signal }: { signal?: AbortSignal }): Promise<Screen> {
  return api.get('/api/screens/{id}', { path: { id: screenId }, ...(signal ? { signal } : {}) });
}

export function screenQueryOptions(screenId: number) {
  return queryOptions({
    queryKey: screenQueryKey(screenId),
    queryFn: ({ signal }) => getScreen(screenId, { signal }),
  });
}

/** GET screens/{id}/: one of the owner's screens with its layout. */
export function useScreen(screenId: number) {
  return useQuery(screenQueryOptions(screenId));
}
