// GET /api/movies/ or /api/movies/?theater={id} (any signed-in user): movies by title.
// With ?page=N[&page_size=M][&q=text]: one page as {results, count, page, page_size}; an owner
// sees only the movies of their own theaters.
import { z } from 'zod';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, listOf } from '../../http/openapi.ts';
import { envelope, pageQuery, pageRequest } from '../../http/pagination.ts';
import { optionalQueryId } from '../../http/params.ts';
import { MovieSchema } from './schemas.ts';
import { listMovies, pageMovies } from './sql.ts';

const query = z.object({ theater: optionalQueryId('Invalid theater id.'), ...pageQuery });

export const getMovies = factory.createHandlers(
  describe({
    summary: 'List movies',
    tags: ['movies'],
    auth: true,
    answers: { 200: answer('Owner: of own theaters; others: all', listOf(MovieSchema)) },
    errors: ['replica_unavailable'],
  }),

  requireAuth,
  validate('query', query),
  async (c) => {
    const { theater, ...paging } = c.req.valid('query');
    const page = pageRequest(paging);
    if (!page) return c.json(await listMovies(c.var.db, theater));
    const { user } = c.var;
    const rows = await pageMovies(user.role === 'admin' ? c.var.readDb : c.var.db, {
      ownerId: user.role === 'owner' ? user.id : null,
      theaterId: theater,
      pattern: page.pattern,
      limit: page.limit,
      offset: page.offset,
      countCap: page.countCap,
    });
    return c.json(envelope(rows, page));
  },
);
