import type { Hold } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET holds/{id}/: the caller's hold; 404 when unknown or not theirs, 410 once it has expired. */
export function getHold(holdId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Hold> {
  return api.get<Hold>(`holds/${holdId}/`, signal ? { signal } : {});
}

export function holdQueryKey(holdId: number) {
  return ['holds', holdId] as const;
}

export function holdQueryOptions(holdId: number) {
  return queryOptions({
    queryKey: holdQueryKey(holdId),
    queryFn: ({ signal }) => getHold(holdId, { signal }),
  });
}

/** The hold, or nothing while `holdId` is null. */
export function useHold(holdId: number | null) {
  return useQuery({ ...holdQueryOptions(holdId ?? 0), enabled: holdId !== null });
}
