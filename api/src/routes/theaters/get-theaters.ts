// GET /api/theaters/ (any signed-in user): every theater, by name.
// With ?page=N[&page_size=M][&q=text]: one page as {results, count, page, page_size}, scoped by
// role: an owner sees their own theaters (with theater_count), an admin every theater (with
// owner_name), a customer the public list.
import { z } from 'zod';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, listOf } from '../../http/openapi.ts';
import { envelope, pageQuery, pageRequest } from '../../http/pagination.ts';
import { ListedTheaterSchema } from './schemas.ts';
import { listTheaters, pageTheaters } from './sql.ts';

const query = z.object(pageQuery);

export const getTheaters = factory.createHandlers(
  describe({
    summary: 'List theaters',
    tags: ['theaters'],
    auth: true,
    answers: {
      200: answer('Owner: own theaters; admin and customer: all', listOf(ListedTheaterSchema)),
    },
    errors: ['replica_unavailable'],
  }),

  requireAuth,
  validate('query', query),
  async (c) => {
    const { db, user } = c.var;
    const page = pageRequest(c.req.valid('query'));
    if (!page) return c.json(await listTheaters(db));
    const rows = await pageTheaters(user.role === 'admin' ? c.var.readDb : db, {
      ownerId: user.role === 'owner' ? user.id : null,
      pattern: page.pattern,
      searchOwners: user.role === 'admin',
      limit: page.limit,
      offset: page.offset,
      countCap: page.countCap,
    });
    const { results, ...rest } = envelope(rows, page);
    const shaped = results.map(({ owner_name, theater_count, ...theater }) =>
      user.role === 'admin'
        ? { ...theater, owner_name }
        : user.role === 'owner'
          ? { ...theater, theater_count }
          : theater,
    );
    return c.json({ results: shaped, ...rest });
  },
);
