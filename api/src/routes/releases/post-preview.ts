// POST /api/releases/{remote}/previews/ (admin, or a deploy key with 'preview') {version | entry, expires_in_minutes}: a signed
// link that makes the browser opening it load that published version of the remote, or the
// developer's loopback dev server (`npm run dev -- <remote>`), until it expires; nobody else's
// browser changes, and the preview never counts in a canary's figures (decision 0036).
// Recorded in the audit log as `release.previewed`.
import { recordAudit } from '../../audit/sql.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { consume, throwIfBlocked } from '../../http/rate-limit.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import {
  PREVIEW_LINKS_LIMITED,
  PREVIEW_LINKS_PER_HOUR,
  type Preview,
  previewUrl,
  signPreview,
} from '../../releases/previews/links.ts';
import { PreviewLinkSchema, postPreviewSchema } from '../../releases/previews/schemas.ts';
import { knownRemoteParam, remoteParam } from '../../releases/registry/remote.ts';
import { unknownVersion } from '../../releases/registry/rules.ts';
import { findRelease } from '../../releases/registry/sql.ts';

export const postPreview = factory.createHandlers(
  describe({
    summary: 'A private preview link for one version (or a dev server) of a remote',
    tags: ['releases'],
    auth: true,
    answers: { 201: answer('The link and what it loads', PreviewLinkSchema) },
    errors: ['permission_denied', 'unknown_remote', 'unknown_version', 'too_many_requests'],
  }),

  releaseAccess('preview'),
  knownRemoteParam,
  validate('json', postPreviewSchema),
  async (c) => {
    const { clock, config, db, actor } = c.var;
    const remote = remoteParam(c);
    const body = c.req.valid('json');
    const now = clock();
    // Whole seconds, as the token carries it.
    const expiresAt = new Date(
      (Math.floor(now.getTime() / 1000) + body.expires_in_minutes * 60) * 1000,
    );
    let preview: Preview;
    if (body.version !== undefined) {
      const release = await findRelease(db, remote, body.version);
      if (!release) notFound(unknownVersion(body.version, remote), { code: 'unknown_version' });
      preview = {
        remote,
        version: release.version,
        entry: release.entry_url,
        // The browser checks the previewed entry as it checks stable's (decision 0037).
        integrity: release.integrity ?? null,
        expires_at: expiresAt,
      };
    } else {
      preview = {
        remote,
        version: null,
        entry: body.entry ?? '',
        integrity: null,
        expires_at: expiresAt,
      };
    }
    throwIfBlocked(
      await consume(
        db,
        [
          {
            key: `preview-links:${actor.username}`,
            max: PREVIEW_LINKS_PER_HOUR,
            windowSeconds: 3600,
            message: PREVIEW_LINKS_LIMITED,
          },
        ],
        now,
      ),
    );
    await db.transaction((tx) =>
      recordAudit(tx, {
        at: now,
        actorId: actor.id,
        action: 'release.previewed',
        entity: { kind: 'remote', id: remote },
        details: {
          ...(preview.version === null ? { entry: preview.entry } : { version: preview.version }),
          expires_at: expiresAt.toISOString(),
        },
      }),
    );
    const token = signPreview(config, preview);
    return c.json({ url: previewUrl(config.siteUrl, token), token, ...preview }, 201);
  },
);
