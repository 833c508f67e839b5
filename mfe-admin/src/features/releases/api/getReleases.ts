import { ApiError, api, type ResponseOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

// The shape of `GET releases/` is the API's own description of it
// (api/src/releases/status/schemas.ts StatusSchema, through the generated OpenAPI types); these
// names only point into it.

/** `GET releases/` (admin only). */
export type ReleasesStatus = ResponseOf<'/api/releases', 'get'>;

/** The four micro-frontends, in the order the API lists them. */
export const REMOTES = ['auth', 'user', 'owner', 'admin'] as const satisfies readonly Remote[];
export type Remote = keyof ReleasesStatus['remotes'];

/** A remote's channel; everything null before its first release. */
export type RemoteStatus = ReleasesStatus['remotes'][Remote];

/** A published version a channel points at, with how browsers reported on it. */
export type ChannelRelease = NonNullable<RemoteStatus['stable']>;

/**
 * How browsers reported on a version. A reporter is one network address holding a report ticket
 * from the manifest; each counts once, by its latest report (a failure is a failed load or render).
 */
export type ReporterCounts = NonNullable<ChannelRelease['events']>['all'];

/** A row of the audit log, newest first (at most 20); `actor` is null for the system. */
export type ReleaseAuditRow = ReleasesStatus['audit'][number];

/** A channel as the audit log keeps it (versions, not ids), plus what the action adds. */
export type ChannelSnapshot = ReleaseAuditRow['after'];

/**
 * GET releases/ (admin only; 403 for anyone else)
 * Every remote's stable, previous stable and canary with their reporter counts, the newest audit
 * rows and the automatic-rollback thresholds.
 */
export function getReleases({ signal }: { signal?: AbortSignal } = {}): Promise<ReleasesStatus> {
  return api.get('/api/releases', signal ? { signal } : {});
}

export const releasesQueryKey = ['admin', 'releases'] as const;

/** Canary counts change as browsers report, so the status refreshes itself. */
export const RELEASES_REFETCH_MS = 30_000;

export function releasesQueryOptions() {
  return queryOptions({
    queryKey: releasesQueryKey,
    queryFn: ({ signal }) => getReleases({ signal }),
    // Not for someone the server refused: the answer would stay the same.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 403
        ? false
        : RELEASES_REFETCH_MS,
  });
}

export function useReleases() {
  return useQuery(releasesQueryOptions());
}

/** A remote's rollout plan (its active one, else its latest): steps walked by the registry. */
export type RolloutPlan = NonNullable<RemoteStatus['rollout']>;

/** How a version fared in the status window: views, errors and p75 vitals (null: no samples). */
export type ReleaseHealth = NonNullable<RemoteStatus['health']['canary']>;

/** The thresholds the registry judges a canary by (api/src/releases/telemetry/health.ts). */
export type HealthRules = ReleasesStatus['health_rules'];
