// GET /api/onsale/{id}/line/ (customers only): the caller's place in the show's waiting line, an
// estimated wait, and once admitted the admission token for POST holds/. The waiting page asks
// every poll_after_seconds; each ask also admits whoever's turn has come (place.ts).
import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { requireRoleFromMemory } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { NOT_IN_LINE } from '../../onsale/rules.ts';
import { saleSettings } from '../../onsale/settings-memory.ts';
import { placeInLine } from './place.ts';
import { LinePlaceSchema } from './schemas.ts';

export const getLine = factory.createHandlers(
  describe({
    summary: 'My place in a show’s waiting line',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The caller’s place', LinePlaceSchema) },
    errors: [
      'permission_denied',
      'not_found',
      ['not_in_line', 'No such show, or not in its line.'],
    ],
  }),

  requireRoleFromMemory('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, userId, clock, config } = c.var;
    const now = clock();
    const show = await saleSettings(db, id, now);
    if (!show) notFound(SHOW_NOT_FOUND);
    const place = await placeInLine(db, config, show, userId, now);
    if (!place) notFound(NOT_IN_LINE, { code: 'not_in_line' });
    return c.json(place);
  },
);
