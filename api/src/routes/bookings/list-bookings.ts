// The owner's and the admin's booking lists share one handler body: paged with ?page=N (an
// envelope), else every row as a plain array.
import type { Context } from 'hono';
import type { AuthEnv } from '../../http/auth.ts';
import { envelope, pageRequest, plainRows } from '../../http/pagination.ts';
import { pageBookings } from './sql.ts';

export async function listBookings(
  c: Context<AuthEnv>,
  query: { page: number | null; page_size: number | null; q: string | null },
  ownerId: number | null,
) {
  const { config } = c.var;
  const page = pageRequest(query);
  // The back-office lists read the replica, if any (http/context.ts, readDb).
  const rows = await pageBookings(c.var.readDb, {
    ownerId,
    tz: config.appTimezone,
    pattern: page ? page.pattern : null,
    limit: page ? page.limit : null,
    offset: page ? page.offset : 0,
    countCap: page ? page.countCap : null,
  });
  if (page) return c.json(envelope(rows, page));
  return c.json(plainRows(rows));
}
