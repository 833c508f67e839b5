import { api, type ResponseOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RELEASES_REFETCH_MS, type Remote, releasesQueryKey } from './getReleases';

/** `GET releases/{remote}/health/`: each live version's health in time buckets. */
export type HealthSeries = ResponseOf<'/api/releases/{remote}/health', 'get'>;
export type HealthPoint = HealthSeries['points'][number];

/** The charts look back this far. */
export const HEALTH_CHART_HOURS = 24;

/**
 * GET releases/{remote}/health/?hours=24 (admin only)
 * Per 10-minute bucket and version: views, errors, error rate and p75 LCP, INP and CLS.
 */
export function getReleaseHealth(
  remote: Remote,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HealthSeries> {
  return api.get('/api/releases/{remote}/health', {
    path: { remote },
    query: { hours: String(HEALTH_CHART_HOURS) },
    ...(signal ? { signal } : {}),
  });
}

export function releaseHealthQueryOptions(remote: Remote) {
  return queryOptions({
    // Under the status' key, so a rollout action refreshes the charts with it.
    queryKey: [...releasesQueryKey, 'health', remote] as const,
    queryFn: ({ signal }) => getReleaseHealth(remote, { signal }),
    refetchInterval: RELEASES_REFETCH_MS,
  });
}

export function useReleaseHealth(remote: Remote) {
  return useQuery(releaseHealthQueryOptions(remote));
}
