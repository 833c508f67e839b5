// GET /api/onsale/{id}/ (any signed-in user): the show's sales opening time, whether it is
// high-demand, and the server's time for the countdown. An owner gets a 404 for a show in another
// owner's theater, as with GET shows/{id}/.
import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { findSaleSettings } from '../../onsale/sql.ts';
import { waitlistLength } from '../../onsale/waitlist-sql.ts';
import { saleOf } from './sale.ts';
import { SaleSchema } from './schemas.ts';

export const getSale = factory.createHandlers(
  describe({
    summary: 'A show’s sale: opening time, high demand',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The sale', SaleSchema) },
    errors: ['not_found'],
  }),

  requireAuth,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user, clock, config } = c.var;
    const show = await findSaleSettings(db, id);
    if (!show || (user.role === 'owner' && show.owner_id !== user.id)) notFound(SHOW_NOT_FOUND);
    return c.json(saleOf(show, config, clock(), await waitlistLength(db, id)));
  },
);
