import type { Paged, Theater } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { type ListPage, pageQuery } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** Most theaters a form's Theater select offers (one call, the API's largest page). */
export const CHOICES_PAGE_SIZE = 100;

/** GET theaters/?page=&page_size=&q=: one page of the caller's own theaters (the server scopes them). */
export function getTheaters(
  query: { page: number; page_size: number; q?: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paged<Theater>> {
  return api.get<Paged<Theater>>('theaters/', { query, ...(signal ? { signal } : {}) });
}

/** Every owner theater query starts with this, so adding a theater refreshes them all. */
export const theatersQueryKey = ['owner', 'theaters'] as const;

export function theaterPageQueryOptions(params: ListPage) {
  return queryOptions({
    queryKey: [...theatersQueryKey, 'list', params],
    queryFn: ({ signal }) => getTheaters(pageQuery(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The theaters list: one page, optionally searched. */
export function useTheaterPage(params: ListPage) {
  return useQuery(theaterPageQueryOptions(params));
}

export function theaterChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...theatersQueryKey, 'choices'],
    queryFn: ({ signal }) =>
      getTheaters({ page: 1, page_size: CHOICES_PAGE_SIZE }, { signal }).then(
        (page) => page.results,
      ),
  });
}

/** The owner's theaters for a Theater select. */
export function useTheaterChoices() {
  return useQuery(theaterChoicesQueryOptions());
}
