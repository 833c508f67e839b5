// GET /api/posters/{movie}/{version}/{width}.webp (anyone, no sign-in: posters are what a cinema
// shows in its window): one width of a movie's poster. Its URL names its version, so the answer
// never changes: browsers and caches keep it a year without asking again.
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParam } from '../../http/params.ts';
import { POSTER_WIDTHS } from '../../posters/image.ts';
import { findPoster } from './sql.ts';

export const POSTER_NOT_FOUND = 'Poster not found.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const params = z.object({
  movie: idParam,
  version: z.string().regex(/^[0-9a-f]{16}$/, POSTER_NOT_FOUND),
  file: z
    .string()
    .regex(/^\d{1,4}\.webp$/, POSTER_NOT_FOUND)
    .transform((file) => Number.parseInt(file, 10))
    .refine((width) => (POSTER_WIDTHS as readonly number[]).includes(width), POSTER_NOT_FOUND),
});

export const getPoster = factory.createHandlers(
  describe({
    summary: 'One width of a movie’s poster (WebP)',
    tags: ['movies'],
    answers: {
      200: { description: 'The WebP image; cached for a year (its URL changes with the poster)' },
    },
    errors: [['poster_not_found', POSTER_NOT_FOUND]],
  }),

  validate('param', params),
  async (c) => {
    const { movie, version, file: width } = c.req.valid('param');
    const etag = `"${version}-${width}"`;
    if (c.req.header('If-None-Match') === etag) {
      return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
    }
    const bytes = await findPoster(c.var.db, { movieId: movie, version, width });
    if (!bytes) notFound(POSTER_NOT_FOUND, { code: 'poster_not_found' });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': IMMUTABLE,
      ETag: etag,
    });
  },
);
