// PATCH /api/onsale/{id}/ {sales_open_at?, high_demand?} (the owner of the show's theater): sets
// when sales open (a future time before the show, or null: at once) and whether the show is
// high-demand. Anyone else's show is a 404; a show that started is a 409.
import { recordAudit } from '../../audit/sql.ts';
import { SHOW_NOT_FOUND, SHOW_STARTED } from '../../booking/rules.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { checkSalesOpenAt } from '../../onsale/settings.ts';
import { forgetSaleSettings } from '../../onsale/settings-memory.ts';
import { lockSaleSettings, saveSaleSettings } from '../../onsale/sql.ts';
import { waitlistLength } from '../../onsale/waitlist-sql.ts';
import { saleOf } from './sale.ts';
import { patchSaleSchema, SaleSchema } from './schemas.ts';

export const patchSale = factory.createHandlers(
  describe({
    summary: 'Change a show’s sales opening time or high demand',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The sale', SaleSchema) },
    errors: ['permission_denied', 'not_found', ['show_started', 'The show has started.']],
  }),

  requireRole('owner'),
  validate('param', idParams),
  validate('json', patchSaleSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { db, user, clock, config } = c.var;
    const now = clock();
    const { show, salesOpenAt, highDemand } = await db.transaction(async (tx) => {
      const show = await lockSaleSettings(tx, id);
      if (!show || show.owner_id !== user.id) notFound(SHOW_NOT_FOUND);
      if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
      const salesOpenAt =
        body.sales_open_at === undefined ? show.sales_open_at : body.sales_open_at;
      const highDemand = body.high_demand ?? show.high_demand;
      checkSalesOpenAt(salesOpenAt, { startsAt: show.starts_at, current: show.sales_open_at }, now);
      const changed = saleChanges(show, { sales_open_at: salesOpenAt, high_demand: highDemand });
      await saveSaleSettings(tx, id, { salesOpenAt, highDemand });
      if (changed) {
        const entity = { kind: 'show', id } as const;
        const action = 'sale.changed';
        await recordAudit(tx, { at: now, actorId: user.id, action, entity, details: changed });
      }
      return { show, salesOpenAt, highDemand };
    });
    forgetSaleSettings(db, id);
    return c.json(
      saleOf(
        { ...show, sales_open_at: salesOpenAt, high_demand: highDemand },
        config,
        now,
        await waitlistLength(db, id),
      ),
    );
  },
);

type SaleFields = { sales_open_at: Date | null; high_demand: boolean };

/** The audit details of a change: before and after of the fields that changed, or null. */
function saleChanges(before: SaleFields, after: SaleFields) {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  const keys = (['sales_open_at', 'high_demand'] as const).filter(
    (k) => !same(before[k], after[k]),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}
