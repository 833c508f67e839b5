// GET /api/holds/ or /api/holds/?show={id} (any signed-in user): the caller's holds in force (not
// released, paid or expired), newest first, each as GET holds/{id}/ shows it. A second tab of the
// same customer finds the hold the first one placed on the show, to continue it or replace it.
import { z } from 'zod';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { optionalQueryId } from '../../http/params.ts';
import { HoldSchema } from './schemas.ts';
import { listActiveHolds } from './sql.ts';

const query = z.object({ show: optionalQueryId('Invalid show id.') });

export const getHolds = factory.createHandlers(
  describe({
    summary: 'The caller’s holds in force',
    tags: ['holds'],
    auth: true,
    answers: { 200: answer('Active holds, newest first', z.array(HoldSchema)) },
    errors: [],
  }),
  requireAuth,
  validate('query', query),
  async (c) => {
    const { show } = c.req.valid('query');
    const { db, clock, user } = c.var;
    return c.json(await listActiveHolds(db, user.id, show, clock()));
  },
);
