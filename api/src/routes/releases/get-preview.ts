// GET /api/releases/previews/{token}/ (public): what a preview link loads, for the shell that was
// opened with `?preview=<token>` (decision 0036). 404 alike for a malformed, forged, altered or
// expired token: the answer says nothing that would help make one.
import { factory } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { verifyPreview } from '../../releases/previews/links.ts';
import { PreviewSchema } from '../../releases/previews/schemas.ts';

export const NO_SUCH_PREVIEW = 'No such preview, or it has expired.';

export const getPreview = factory.createHandlers(
  describe({
    summary: 'What a preview link loads',
    tags: ['releases'],
    answers: { 200: answer('The preview', PreviewSchema) },
    errors: ['not_found'],
  }),

  (c) => {
    const { clock, config } = c.var;
    const preview = verifyPreview(config, c.req.param('token') ?? '', clock());
    if (!preview) notFound(NO_SUCH_PREVIEW, { code: 'not_found' });
    // Each browser asks once per link; nothing to share with a cache.
    c.header('Cache-Control', 'no-store');
    return c.json(preview);
  },
);
