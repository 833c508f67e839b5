// GET /api/releases/manifest/?bucket=N (public): what the shell boots from. Per remote, the stable
// release and the canary with its percentage; every remote is present, null where nothing is
// published (the shell then uses its runtime config). A canary at 0 % is left out. Given the
// browser's bucket, each remote also carries a report ticket for the version that bucket loads
// (the canary when the bucket is under its percentage, as the shell decides too), bound to the
// caller's address: the only way to report on a release (see tickets.ts). Cached briefly, so a
// rollout or rollback reaches browsers within seconds without every page view asking.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import {
  MANIFEST_CACHE_CONTROL,
  MANIFEST_WITH_TICKETS_CACHE_CONTROL,
  REMOTES,
  type Remote,
} from './rules.ts';
import { getManifestQuery, ManifestSchema } from './schemas.ts';
import { manifestRows } from './sql.ts';
import { signReportTicket } from './tickets.ts';

type Release = { version: string; entry: string };
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

export const getManifest = factory.createHandlers(
  describe({
    summary: 'Which release of each remote to load',
    tags: ['releases'],
    answers: { 200: answer('Every remote; with ?bucket= also report tickets', ManifestSchema) },
    errors: [400],
  }),

  validate('query', getManifestQuery),
  async (c) => {
    const { bucket } = c.req.valid('query');
    const { config, clientIp, clock } = c.var;
    const now = clock();
    const remotes = Object.fromEntries(
      REMOTES.map((remote) => [remote, { stable: null, canary: null, ticket: null }]),
    ) as Record<Remote, RemoteReleases>;
    for (const row of await manifestRows(c.var.db)) {
      const releases: RemoteReleases = {
        stable: { version: row.stable_version, entry: row.stable_entry },
        canary:
          row.canary_version !== null && row.canary_entry !== null
            ? { version: row.canary_version, entry: row.canary_entry, percent: row.canary_percent }
            : null,
        ticket: null,
      };
      const version = bucket === undefined ? null : versionForBucket(releases, bucket);
      if (version !== null) {
        const signed = signReportTicket(config, { remote: row.remote, version, ip: clientIp, now });
        releases.ticket = { version, ...signed };
      }
      remotes[row.remote] = releases;
    }
    c.header(
      'Cache-Control',
      bucket === undefined ? MANIFEST_CACHE_CONTROL : MANIFEST_WITH_TICKETS_CACHE_CONTROL,
    );
    return c.json({ remotes });
  },
);
