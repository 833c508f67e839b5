import type { OwnerAccount, Paged } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET signup/?role=owner&page=N&page_size=M&q= (M: 20, or 8 on a phone: listPageSize)
 * The owner accounts with their theater counts, one page, searched with `q`.
 */
export function getOwners(
  params: ListPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<OwnerAccount>> {
  return api
    .get('/api/signup', {
      query: { role: 'owner', ...pageQuery(params) },
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

/**
 * Every page of this list starts with this key. The query cache is shared with the other areas,
 * so 'admin' keeps these envelopes apart from their plain-array lists of the same path.
 */
export const ownersQueryKey = ['admin', 'owners'] as const;

export function ownersQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...ownersQueryKey, params],
    queryFn: ({ signal }) => getOwners(params, { signal }),
    // The current rows stay on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useOwners(params: ListPage) {
  return useQuery(ownersQueryOptions(params));
}
