// GET /api/onsale/lengths/?ids=4,5,6 (owners and admins): how many customers wait on each show's
// waitlist and, for a high-demand show, in its line; one call for a page of the owner's show
// list. An owner gets only the shows of their theaters: another's id is left out, as an unknown one.
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { queueLengths } from '../../onsale/lengths.ts';
import { QueueLengthsSchema } from './schemas.ts';

export const IDS_INVALID = 'ids must be 1 to 100 show ids separated by commas.';

const query = z.object({
  ids: z
    .string({ error: IDS_INVALID })
    .regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15}){0,99}$/, IDS_INVALID)
    .transform((ids) => [...new Set(ids.split(',').map(Number))])
    .meta({ description: 'Show ids, separated by commas (at most 100)' }),
});

export const getLengths = factory.createHandlers(
  describe({
    summary: 'Waitlist and line lengths of some shows',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The lengths, by show id', QueueLengthsSchema) },
    errors: ['permission_denied'],
  }),

  requireRole('owner', 'admin'),
  validate('query', query),
  async (c) => {
    const { ids } = c.req.valid('query');
    const { db, user } = c.var;
    const owner = user.role === 'admin' ? null : user.id;
    return c.json({ items: await queueLengths(db, ids, owner) });
  },
);
