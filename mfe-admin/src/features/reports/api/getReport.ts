import type { SalesReport } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRange } from '../dateRange';

/**
 * GET reports/?from=YYYY-MM-DD&to=YYYY-MM-DD: sales of the shows dated in the range, inclusive.
 * The server scopes it: every theater for an admin, the caller's own for an owner, 403 otherwise.
 */
export function getReport(
  range: DateRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SalesReport> {
  return api.get('/api/reports', {
    query: { from: range.from, to: range.to },
    ...(signal ? { signal } : {}),
  });
}

export const reportQueryKey = ['admin', 'reports'] as const;

export function reportQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: [...reportQueryKey, { from: range.from, to: range.to }],
    queryFn: ({ signal }) => getReport(range, { signal }),
  });
}

export function useReport(range: DateRange, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reportQueryOptions(range), enabled });
}
