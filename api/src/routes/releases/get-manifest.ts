// GET /api/releases/manifest/ (public): what the shell boots from. Per remote, the stable release
// and the canary with its percentage; every remote is present, null where nothing is published
// (the shell then uses its runtime config). A canary at 0 % is left out. Cached briefly, so a
// rollout or rollback reaches browsers within seconds without every page view asking.
import { factory } from '../../http/context.ts';
import { MANIFEST_CACHE_CONTROL, REMOTES, type Remote } from './rules.ts';
import { manifestRows } from './sql.ts';

type Release = { version: string; entry: string };
export type RemoteReleases = {
  stable: Release | null;
  canary: (Release & { percent: number }) | null;
};

export const getManifest = factory.createHandlers(async (c) => {
  const remotes = Object.fromEntries(
    REMOTES.map((remote) => [remote, { stable: null, canary: null }]),
  ) as Record<Remote, RemoteReleases>;
  for (const row of await manifestRows(c.var.db)) {
    remotes[row.remote] = {
      stable: { version: row.stable_version, entry: row.stable_entry },
      canary:
        row.canary_version !== null && row.canary_entry !== null
          ? { version: row.canary_version, entry: row.canary_entry, percent: row.canary_percent }
          : null,
    };
  }
  c.header('Cache-Control', MANIFEST_CACHE_CONTROL);
  return c.json({ remotes });
});
