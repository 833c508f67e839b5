// GET /api/shows/{id}/ (any signed-in user): one show, also a past one (is_past). An owner gets
// a 404 for a show in another owner's theater.

import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { ShowSchema } from './schemas.ts';
import { findShow } from './sql.ts';

export const getShow = factory.createHandlers(
  describe({
    summary: 'One show',
    tags: ['shows'],
    auth: true,
    answers: { 200: answer('The show', ShowSchema) },
    errors: ['not_found'],
  }),

  requireAuth,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { user } = c.var;
    // An owner sees the shows of their own theaters only; anyone else's is a 404.
    const show = await findShow(c.var.db, id, {
      now: c.var.clock(),
      tz: c.var.config.appTimezone,
      ownerId: user.role === 'owner' ? user.id : null,
    });
    if (!show) notFound(SHOW_NOT_FOUND);
    return c.json(show);
  },
);
