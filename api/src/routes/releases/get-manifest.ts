// GET /api/releases/manifest/?bucket=N (public): what the shell boots from. Per remote, the stable
// release and the canary with its percentage; every remote is present, null where nothing is
// published (the shell then uses its runtime config). A canary at 0 % is left out. Given the
// browser's bucket, each remote also carries a report ticket for the version that bucket loads
// (the canary when the bucket is under its percentage, as the shell decides too), bound to the
// caller's address: the only way to report on a release (see api/src/releases/telemetry/
// tickets.ts). Cached briefly, so a rollout or rollback reaches browsers within seconds without
// every page view asking.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { readManifest, versionForBucket } from '../../releases/channels/manifest.ts';
import {
  MANIFEST_CACHE_CONTROL,
  MANIFEST_WITH_TICKETS_CACHE_CONTROL,
} from '../../releases/channels/rules.ts';
import { getManifestQuery, ManifestSchema } from '../../releases/channels/schemas.ts';
import { REMOTES } from '../../releases/registry/rules.ts';
import { signReportTicket } from '../../releases/telemetry/tickets.ts';

export const getManifest = factory.createHandlers(
  describe({
    summary: 'Which release of each remote to load',
    tags: ['releases'],
    answers: { 200: answer('Every remote; with ?bucket= also report tickets', ManifestSchema) },
    errors: [],
  }),

  validate('query', getManifestQuery),
  async (c) => {
    const { bucket } = c.req.valid('query');
    const { config, clientIp, clock, db } = c.var;
    const now = clock();
    const remotes = await readManifest(db);
    for (const remote of REMOTES) {
      const releases = remotes[remote];
      const version = bucket === undefined ? null : versionForBucket(releases, bucket);
      if (version === null) continue;
      const signed = signReportTicket(config, { remote, version, ip: clientIp, now });
      releases.ticket = { version, ...signed };
    }
    c.header(
      'Cache-Control',
      bucket === undefined ? MANIFEST_CACHE_CONTROL : MANIFEST_WITH_TICKETS_CACHE_CONTROL,
    );
    return c.json({ remotes });
  },
);
