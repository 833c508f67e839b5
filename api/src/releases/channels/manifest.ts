// The manifest the shell boots from: per remote, the stable release and the canary with its
// percentage; every remote is present, null where nothing is published. A canary at 0 % is left
// out. Each release carries its entry's integrity, which the shell has the browser check (null
// for releases recorded before; docs/decisions/0037-release-integrity.md). Report tickets are
// added by the handler (telemetry/tickets.ts), for the version a bucket loads.
import type { Queryable } from '../../db/db.ts';
import { REMOTES, type Remote } from '../registry/rules.ts';
import { manifestRows } from './sql.ts';

type Release = { version: string; entry: string; integrity: string | null };
export type RemoteReleases = {
  stable: Release | null;
  canary: (Release & { percent: number }) | null;
  /** For reports about the version this browser's bucket loads; null without a bucket. */
  ticket: { version: string; value: string; expires_at: Date } | null;
};

/** The version a bucket loads: the canary for buckets under its percentage, else stable. */
export function versionForBucket(
  releases: Pick<RemoteReleases, 'stable' | 'canary'>,
  bucket: number,
): string | null {
  if (releases.canary && bucket < releases.canary.percent) return releases.canary.version;
  return releases.stable?.version ?? null;
}

/** Every remote's releases, without tickets. */
export async function readManifest(q: Queryable): Promise<Record<Remote, RemoteReleases>> {
  const remotes = Object.fromEntries(
    REMOTES.map((remote) => [remote, { stable: null, canary: null, ticket: null }]),
  ) as Record<Remote, RemoteReleases>;
  for (const row of await manifestRows(q)) {
    remotes[row.remote] = {
      stable: {
        version: row.stable_version,
        entry: row.stable_entry,
        integrity: row.stable_integrity,
      },
      canary:
        row.canary_version !== null && row.canary_entry !== null
          ? {
              version: row.canary_version,
              entry: row.canary_entry,
              integrity: row.canary_integrity,
              percent: row.canary_percent,
            }
          : null,
      ticket: null,
    };
  }
  return remotes;
}
