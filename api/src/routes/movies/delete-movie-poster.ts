// DELETE /api/movies/{id}/poster/ (the movie's owner): the movie goes back to its title alone.
// 204 whether or not it had one.
import { recordAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { MOVIE_NOT_FOUND } from './put-movie-poster.ts';
import { removePoster } from './sql.ts';

export const deleteMoviePoster = factory.createHandlers(
  describe({
    summary: 'Remove a movie’s poster',
    tags: ['movies'],
    auth: true,
    answers: { 204: { description: 'Removed (or there was none)' } },
    errors: ['permission_denied', ['movie_not_found', MOVIE_NOT_FOUND]],
  }),

  requireRole('owner'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user } = c.var;
    const now = c.var.clock();
    const removed = await db.transaction(async (tx) => {
      const result = await removePoster(tx, { movieId: id, ownerId: user.id });
      if (result?.removed) {
        await recordAudit(tx, {
          at: now,
          actorId: user.id,
          action: 'movie.poster_removed',
          entity: { kind: 'movie', id },
          details: { version: result.removed },
        });
      }
      return result;
    });
    if (!removed) notFound(MOVIE_NOT_FOUND, { code: 'movie_not_found' });
    return c.body(null, 204);
  },
);
