// GET /api/releases/{remote}/versions/ (admin): the remote's published releases, newest first,
// each marked when it is the stable or the canary.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { remoteParam } from './channels.ts';
import { releaseRowJson } from './post-release.ts';
import { findChannel, listReleases } from './sql.ts';

export const getVersions = factory.createHandlers(requireRole('admin'), async (c) => {
  const remote = remoteParam(c);
  const { db } = c.var;
  const [releases, channel] = await Promise.all([
    listReleases(db, remote),
    findChannel(db, remote),
  ]);
  return c.json({
    remote,
    versions: releases.map((release) => ({
      ...releaseRowJson(release),
      stable: channel?.stable.id === release.id,
      canary: channel?.canary?.id === release.id,
    })),
  });
});
