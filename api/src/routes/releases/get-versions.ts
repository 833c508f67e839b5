// GET /api/releases/{remote}/versions/ (admin): the remote's published releases, newest first,
// each marked when it is the stable or the canary.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { remoteParam } from './channels.ts';
import { releaseRowJson } from './post-release.ts';
import { VersionsSchema } from './schemas.ts';
import { findChannel, listReleases } from './sql.ts';

export const getVersions = factory.createHandlers(
  describe({
    summary: 'A remote’s releases',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('Newest first', VersionsSchema) },
    errors: [401, 403, 404],
  }),
  requireRole('admin'),
  async (c) => {
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
  },
);
