// GET /api/admin/audit/?page=&page_size=&actor=&action=&entity=&from=&to= (admins only): who
// changed what (audit/), newest first, always paged. `entity` is a kind or kind:id; `from` and
// `to` are days in the product's time zone, both included. Read on the primary: a record is
// written with the action, and the admin looks for the one just done.
import { pageAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { envelope, pageRequest } from '../../http/pagination.ts';
import { AuditPageSchema, AuditQuerySchema } from './audit-schemas.ts';

export const getAudit = factory.createHandlers(
  describe({
    summary: 'The audit log: who changed what, newest first',
    tags: ['admin'],
    auth: true,
    answers: { 200: answer('One page of records', AuditPageSchema) },
    errors: ['permission_denied', 'validation_error'],
  }),
  requireRole('admin'),
  validate('query', AuditQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    const page = pageRequest({ page: query.page ?? 1, page_size: query.page_size, q: null });
    if (!page) throw new Error('pageRequest gave no page for page 1');
    const rows = await pageAudit(c.var.db, {
      actor: query.actor,
      action: query.action,
      entityKind: query.entity?.kind ?? null,
      entityId: query.entity?.id ?? null,
      from: query.from,
      to: query.to,
      tz: c.var.config.appTimezone,
      limit: page.limit,
      offset: page.offset,
      countCap: page.countCap,
    });
    return c.json(envelope(rows, page));
  },
);
