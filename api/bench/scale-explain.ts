// EXPLAIN (ANALYZE, BUFFERS) of the list statements at scale (`npm run bench -- --scale
// --explain`): the API's own SQL functions, called with the arguments their handlers pass, on a
// Queryable that puts EXPLAIN in front of the statement. Each plan is run twice and the second
// printed (a warm cache, as the measured requests see it).
import type { Db, Queryable } from '../src/db/db.ts';
import { pageRequest } from '../src/http/pagination.ts';
import { pageAccounts } from '../src/routes/accounts/sql.ts';
import { pageBookings } from '../src/routes/bookings/sql.ts';
import { pageMovies } from '../src/routes/movies/sql.ts';
import { listUpcomingShowCounts, pageShows } from '../src/routes/shows/sql.ts';
import { pageTheaters } from '../src/routes/theaters/sql.ts';

interface Facts {
  owner: { id: number };
  customer: { email: string };
  search: { many: string; few: string; theater: string };
}

/**
 * A Db whose every statement, inside or outside a transaction, is EXPLAINed (SET is passed on as
 * it is); the plans are collected as text and the statement answers no rows.
 */
function explaining(db: Db, plans: string[]): Db {
  const explain = (q: Queryable): Queryable => ({
    async query<T>(strings: TemplateStringsArray, ...params: unknown[]): Promise<T[]> {
      if (/^\s*SET\s/i.test(strings[0] ?? '')) return await q.query<T>(strings, ...params);
      const parts = [...strings];
      parts[0] = `EXPLAIN (ANALYZE, BUFFERS) ${parts[0]}`;
      const explained = Object.assign(parts, { raw: parts }) as unknown as TemplateStringsArray;
      await q.query(explained, ...params);
      const rows = await q.query<{ 'QUERY PLAN': string }>(explained, ...params);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      return [];
    },
  });
  return {
    ...db,
    ...explain(db),
    transaction: (fn) => db.transaction((tx) => fn({ ...tx, ...explain(tx) })),
  };
}

const page = (n: number, q: string | null = null) =>
  pageRequest({ page: n, page_size: null, q }) as NonNullable<ReturnType<typeof pageRequest>>;

export async function explainLists(db: Db, facts: Facts, tz: string): Promise<string> {
  const now = new Date();
  const ownerId = facts.owner.id;
  // The customer's list reads the session in its statement: give it a real one.
  const [viewer] = await db.query<{ userId: number; sessionId: string }>`
    INSERT INTO sessions (id, user_id, created_at)
    SELECT gen_random_uuid(), id, ${now} FROM users WHERE email = ${facts.customer.email}
    RETURNING user_id AS "userId", id::text AS "sessionId"`;
  if (!viewer) throw new Error('no such customer');
  const { many, few, theater } = facts.search;
  const bookings = (ownerId: number | null, p: ReturnType<typeof page>) => (q: Db) =>
    pageBookings(q, {
      ownerId,
      tz,
      pattern: p.pattern,
      limit: p.limit,
      offset: p.offset,
      countCap: p.countCap,
    });
  const shows = (role: 'admin' | 'owner' | 'user', p: ReturnType<typeof page>) => (q: Db) =>
    pageShows(q, {
      now,
      tz,
      upcomingOnly: role === 'user',
      ownerId: role === 'owner' ? ownerId : null,
      movieId: null,
      theaterId: null,
      pattern: p.pattern,
      limit: p.limit,
      offset: p.offset,
      countCap: p.countCap,
    });
  const accounts = (role: 'user' | 'owner', p: ReturnType<typeof page>) => (q: Db) =>
    pageAccounts(q, {
      role,
      pattern: p.pattern,
      limit: p.limit,
      offset: p.offset,
      countCap: p.countCap,
    });
  const theaters = (owner: number | null, p: ReturnType<typeof page>) => (q: Db) =>
    pageTheaters(q, {
      ownerId: owner,
      pattern: p.pattern,
      searchOwners: owner === null,
      limit: p.limit,
      offset: p.offset,
      countCap: p.countCap,
    });
  const movies = (owner: number | null, p: ReturnType<typeof page>) => (q: Db) =>
    pageMovies(q, {
      ownerId: owner,
      theaterId: null,
      pattern: p.pattern,
      limit: p.limit,
      offset: p.offset,
      countCap: p.countCap,
    });
  const cases: [string, (q: Db) => Promise<unknown>][] = [
    ['admin bookings, page 1', bookings(null, page(1))],
    ['admin bookings, page 500', bookings(null, page(500))],
    [`admin bookings, q=${many}`, bookings(null, page(1, many))],
    [`admin bookings, q=${few}`, bookings(null, page(1, few))],
    ['owner bookings, page 1', bookings(ownerId, page(1))],
    ['owner bookings, page 500', bookings(ownerId, page(500))],
    [`owner bookings, q=${many}`, bookings(ownerId, page(1, many))],
    ['admin shows, page 1', shows('admin', page(1))],
    ['admin shows, page 500', shows('admin', page(500))],
    [`admin shows, q=${many}`, shows('admin', page(1, many))],
    [`admin shows, q=${theater}`, shows('admin', page(1, theater))],
    ['owner shows, page 1', shows('owner', page(1))],
    ['customer shows, page 1', shows('user', page(1))],
    ['admin theaters, page 1', theaters(null, page(1))],
    ['admin theaters, q=a', theaters(null, page(1, 'a'))],
    ['admin movies, page 1', movies(null, page(1))],
    ['admin movies, page 200', movies(null, page(200))],
    [`admin movies, q=${many}`, movies(null, page(1, many))],
    ['customers, page 1', accounts('user', page(1))],
    ['customers, page 500', accounts('user', page(500))],
    ['customers, q=sharma', accounts('user', page(1, 'sharma'))],
    [`customers, q=${few}`, accounts('user', page(1, few))],
    ['owners, page 1', accounts('owner', page(1))],
    [
      'customer GET shows/ (no page)',
      (q) =>
        listUpcomingShowCounts(q, {
          viewer,
          now,
          movieId: null,
          theaterId: null,
        }),
    ],
  ];
  const out: string[] = [];
  for (const [name, run] of cases) {
    const plans: string[] = [];
    await run(explaining(db, plans));
    out.push(`### ${name}\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\`\n`);
  }
  return out.join('\n');
}
