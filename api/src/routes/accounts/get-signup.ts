// GET /api/signup/?role=user|owner (admins only), ?page=N[&page_size=M][&q=text]: the customer
// or owner accounts, newest first, with date_joined (and theater_count for owners). Signing up
// (POST signup/) stays open to everyone; listing the accounts is the admin's alone.
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, listOf } from '../../http/openapi.ts';
import { envelope, pageQuery, pageRequest, plainRows } from '../../http/pagination.ts';
import { ListedAccountSchema } from './schemas.ts';
import { pageAccounts } from './sql.ts';

export const LIST_ROLE = 'Role must be user or owner.';

const query = z.object({
  role: z.enum(['user', 'owner'], { error: LIST_ROLE }),
  ...pageQuery,
});

export const getSignup = factory.createHandlers(
  describe({
    summary: 'List customers or owners',
    tags: ['accounts'],
    auth: true,
    answers: { 200: answer('Accounts, newest first', listOf(ListedAccountSchema)) },
    errors: ['permission_denied', 'replica_unavailable'],
  }),

  requireRole('admin'),
  validate('query', query),
  async (c) => {
    const { role, ...paging } = c.req.valid('query');
    const page = pageRequest(paging);
    const rows = await pageAccounts(c.var.readDb, {
      role,
      pattern: page ? page.pattern : null,
      limit: page ? page.limit : null,
      offset: page ? page.offset : 0,
      countCap: page ? page.countCap : null,
    });
    // theater_count belongs to the owners' list only.
    const shape = <T extends { theater_count: number }>({ theater_count, ...account }: T) =>
      role === 'owner' ? { ...account, theater_count } : account;
    if (!page) return c.json(plainRows(rows).map(shape));
    const { results, ...rest } = envelope(rows, page);
    return c.json({ results: results.map(shape), ...rest });
  },
);
