// GET /api/releases/{remote}/versions/ (admin): the remote's published releases, newest first,
// each marked when it is the stable or the canary.
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { findChannel } from '../../releases/channels/sql.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { releaseRowJson } from '../../releases/registry/json.ts';
import { remoteParam } from '../../releases/registry/remote.ts';
import { VersionsSchema } from '../../releases/registry/schemas.ts';
import { listReleases } from '../../releases/registry/sql.ts';

export const getVersions = factory.createHandlers(
  describe({
    summary: 'A remote’s releases',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('Newest first', VersionsSchema) },
    errors: ['permission_denied', 'unknown_remote'],
  }),
  releaseAccess('read'),
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
