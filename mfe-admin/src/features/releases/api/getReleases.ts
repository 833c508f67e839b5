import { ApiError, api } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

// The shape of `GET releases/` as api/src/routes/releases/get-status.ts builds it (channelJson in
// channels.ts, reporterCounts in sql.ts, the thresholds in rules.ts). Dates arrive as ISO strings.

/** The four micro-frontends, in the order the API lists them. */
export const REMOTES = ['auth', 'user', 'owner', 'admin'] as const;
export type Remote = (typeof REMOTES)[number];

/**
 * How browsers reported on a version. A reporter is one network address holding a report ticket
 * from the manifest; each counts once, by its latest report (a failure is a failed load or render).
 */
export interface ReporterCounts {
  /** Distinct reporters. */
  reporters: number;
  /** Those whose latest report was a failure. */
  failed: number;
  /** Every report they sent. */
  reports: number;
}

/** How a version fared: among its newest reporters (a canary's since it became canary), and ever. */
export interface ReleaseEvents {
  recent: ReporterCounts;
  all: ReporterCounts;
}

/** A published version a channel points at. */
export interface ChannelRelease {
  version: string;
  /** URL of its remoteEntry. */
  entry: string;
  published_at: string;
  events: ReleaseEvents;
}

export interface CanaryRelease extends ChannelRelease {
  /** Share of sessions, 0 to 100, that load the canary. */
  percent: number;
  /** When it became canary. */
  since: string | null;
}

/** A remote's channel; everything null before its first release. */
export interface RemoteStatus {
  remote: Remote;
  stable: ChannelRelease | null;
  previous_stable: ChannelRelease | null;
  canary: CanaryRelease | null;
  /** Why the last canary was dropped automatically, e.g. 'Automatic rollback: 3 of 5 ...'. */
  rolled_back_reason: string | null;
  rolled_back_at: string | null;
  updated_at: string | null;
}

/** A channel as the audit log keeps it (versions, not ids), plus what the action adds. */
export interface ChannelSnapshot {
  stable: string;
  previous_stable: string | null;
  canary: string | null;
  canary_percent: number;
  /** publish / make_stable: the version published. */
  published?: { version: string; entry: string };
  /** auto_rollback: why, and the counts that decided it. */
  reason?: string;
  reporters?: number;
  failed?: number;
}

export type ReleaseAction =
  | 'publish'
  | 'make_stable'
  | 'canary'
  | 'promote'
  | 'rollback_canary'
  | 'rollback_stable'
  | 'auto_rollback';

export interface ReleaseAuditRow {
  id: number;
  /** null for the system (an automatic rollback). */
  actor: { id: number; username: string | null } | null;
  /** One of ReleaseAction; kept open so a new action still shows. */
  action: ReleaseAction | (string & {});
  remote: Remote;
  /** null before the remote's first release. */
  before: ChannelSnapshot | null;
  after: ChannelSnapshot | null;
  created_at: string;
}

/** `GET releases/` (admin only). */
export interface ReleasesStatus {
  remotes: Record<Remote, RemoteStatus>;
  /** The newest rows (at most 20), newest first. */
  audit: ReleaseAuditRow[];
  /** A canary is dropped when, among its newest `window` reporters, there are at least
   *  `min_reporters` and failed / reporters >= `failure_rate`. */
  auto_rollback: { window: number; min_reporters: number; failure_rate: number };
}

/**
 * GET releases/ (admin only; 403 for anyone else)
 * Every remote's stable, previous stable and canary with their reporter counts, the newest audit
 * rows and the automatic-rollback thresholds.
 */
export function getReleases({ signal }: { signal?: AbortSignal } = {}): Promise<ReleasesStatus> {
  return api.get<ReleasesStatus>('releases/', signal ? { signal } : {});
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
