import type { Theater } from '@cinema/api-client';
import { api, listOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { theatersQueryKey } from '../../../lib/queryKeys';

/** GET theaters/: every theater. */
export function getTheaters({ signal }: { signal?: AbortSignal } = {}): Promise<Theater[]> {
  return api.get('/api/theaters', signal ? { signal } : {}).then(listOf);
}

export function theatersQueryOptions() {
  return queryOptions({
    queryKey: theatersQueryKey,
    queryFn: ({ signal }) => getTheaters({ signal }),
  });
}

export function useTheaters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...theatersQueryOptions(), enabled });
}
