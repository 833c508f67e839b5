import { api, type ResponseOf } from '@cinema/api-client';
import { listPageSize } from '@cinema/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Remote, releasesQueryKey } from './getReleases';

/**
 * `GET releases/audit/?remote=&page=&page_size=` (admin; a deploy key for its own remote): the
 * release part of the audit log, newest first.
 */
export type ReleaseAuditPage = ResponseOf<'/api/releases/audit', 'get'>;
export type ReleaseAuditRecord = ReleaseAuditPage['results'][number];

export function getReleaseAudit(
  page: number,
  remote: Remote | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReleaseAuditPage> {
  const query: Record<string, string | number> = { page, page_size: listPageSize() };
  // Every remote: no parameter at all, so one address per view.
  if (remote) query.remote = remote;
  return api.get('/api/releases/audit', { query, ...(signal ? { signal } : {}) });
}

// Under the releases' key: a rollout action on the page (pause, resume, abort) refreshes it.
export const releaseAuditQueryKey = [...releasesQueryKey, 'audit'] as const;

export function releaseAuditQueryOptions(page: number, remote: Remote | null) {
  return queryOptions({
    queryKey: [...releaseAuditQueryKey, page, remote],
    queryFn: ({ signal }) => getReleaseAudit(page, remote, { signal }),
    // The current rows stay on screen while the next page or remote loads.
    placeholderData: keepPreviousData,
  });
}

export function useReleaseAudit(page: number, remote: Remote | null) {
  return useQuery(releaseAuditQueryOptions(page, remote));
}
