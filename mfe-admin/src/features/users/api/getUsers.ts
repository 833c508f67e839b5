import type { ListedAccount, Paged } from '@cinema/api-client';
import { api, pageOf } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET signup/?role=user&page=N&page_size=M&q= (M: 20, or 8 on a phone: listPageSize)
 * The customer accounts, one page, searched with `q`.
 */
export function getUsers(
  params: ListPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<ListedAccount>> {
  return api
    .get('/api/signup', {
      query: { role: 'user', ...pageQuery(params) },
      ...(signal ? { signal } : {}),
    })
    .then(pageOf);
}

/**
 * Every page of this list starts with this key. The query cache is shared with the other areas,
 * so 'admin' keeps these envelopes apart from their plain-array lists of the same path.
 */
export const usersQueryKey = ['admin', 'users'] as const;

export function usersQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...usersQueryKey, params],
    queryFn: ({ signal }) => getUsers(params, { signal }),
    // The current rows stay on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListPage) {
  return useQuery(usersQueryOptions(params));
}
