// PUT /api/movies/{id}/poster/ (the movie's owner): the body is the image itself, JPEG, PNG or
// WebP (its Content-Type), at most 5 MB. Checked and resized into the poster's widths
// (posters/image.ts), stored, and answered as the movie's `poster`. docs/decisions/0053-movie-posters.md.
import { bodyLimit } from 'hono/body-limit';
import { recordAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { ApiError, badRequest, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { consume, throwIfBlocked } from '../../http/rate-limit.ts';
import {
  makePoster,
  POSTER_MAX_BYTES,
  POSTER_SIZE_MESSAGE,
  POSTER_TYPE_MESSAGE,
  POSTER_TYPES,
  PosterRefused,
} from '../../posters/image.ts';
import { PosterSchema, posterOf } from '../../posters/urls.ts';
import { isOwnMovie, replacePoster } from './sql.ts';

export const MOVIE_NOT_FOUND = 'Movie not found.';
export const POSTER_REQUIRED = 'Choose a poster image.';
/** Uploads a movie's owner may make an hour: a poster is 3 resizes of up to 40 megapixels. */
export const POSTER_UPLOADS_PER_HOUR = 30;
export const TOO_MANY_POSTERS = 'Too many poster uploads. Try again in {minutes}.';
/** The path whose body may be as large as a poster (app.ts limits the others' bodies). */
export const POSTER_PATH = /^\/api\/movies\/[^/]+\/poster\/?$/;

export const putMoviePoster = factory.createHandlers(
  describe({
    summary: 'Set a movie’s poster (the body is the image: JPEG, PNG or WebP, at most 5 MB)',
    tags: ['movies'],
    auth: true,
    body: {
      description: 'The image itself; it is cut to 2:3 and kept 160, 320 and 640 px wide',
      content: Object.fromEntries(
        Object.keys(POSTER_TYPES).map((type) => [
          type,
          { schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    },
    answers: { 200: answer('The poster as the movie now names it', PosterSchema) },
    errors: [
      'validation_error',
      'permission_denied',
      ['movie_not_found', MOVIE_NOT_FOUND],
      'payload_too_large',
      'unsupported_media_type',
      'too_many_requests',
    ],
  }),

  requireRole('owner'),
  validate('param', idParams),
  bodyLimit({
    maxSize: POSTER_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, POSTER_SIZE_MESSAGE, 'payload_too_large', {
        limit_bytes: POSTER_MAX_BYTES,
        fields: { poster: POSTER_SIZE_MESSAGE },
      });
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user } = c.var;
    const now = c.var.clock();
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!POSTER_TYPES[type]) {
      throw new ApiError(415, POSTER_TYPE_MESSAGE, 'unsupported_media_type', {
        fields: { poster: POSTER_TYPE_MESSAGE },
      });
    }
    throwIfBlocked(
      await consume(
        db,
        [
          {
            key: `posters:${user.id}`,
            max: POSTER_UPLOADS_PER_HOUR,
            windowSeconds: 3600,
            message: TOO_MANY_POSTERS,
          },
        ],
        now,
      ),
    );
    // Before any image work: no such movie, or another owner's, is the same answer.
    if (!(await isOwnMovie(db, id, user.id)))
      notFound(MOVIE_NOT_FOUND, { code: 'movie_not_found' });
    const upload = new Uint8Array(await c.req.arrayBuffer());
    if (upload.length === 0) {
      badRequest(POSTER_REQUIRED, { poster: POSTER_REQUIRED }, { code: 'validation_error' });
    }
    let poster: Awaited<ReturnType<typeof makePoster>>;
    try {
      poster = await makePoster(upload, type);
    } catch (error) {
      if (!(error instanceof PosterRefused)) throw error;
      badRequest(error.message, { poster: error.message }, { code: 'validation_error' });
    }
    const stored = await db.transaction(async (tx) => {
      const replaced = await replacePoster(tx, {
        movieId: id,
        ownerId: user.id,
        version: poster.version,
        renditions: poster.renditions,
      });
      if (replaced) {
        await recordAudit(tx, {
          at: now,
          actorId: user.id,
          action: 'movie.poster_set',
          entity: { kind: 'movie', id },
          details: {
            version: poster.version,
            replaced: replaced.replaced,
            upload_bytes: upload.length,
          },
        });
      }
      return replaced;
    });
    // Removed meanwhile.
    if (!stored) notFound(MOVIE_NOT_FOUND, { code: 'movie_not_found' });
    return c.json(posterOf(id, poster.version));
  },
);
