// Paging and search for the owner and admin lists: `?page=N&page_size=M&q=text`. With `page`
// the answer is an envelope `{results, count, count_exact, page, page_size}`; without it the
// list's plain array (the customer screens' form).
//
// Counting is capped: a list counts its matches up to COUNT_LIMIT (or up to the page asked for,
// when that is deeper) and stops there. A count of a million bookings read a million rows on
// every page; the screens need the total only to draw the pager. Below the cap `count` is exact;
// beyond it `count_exact` is false and `count` is a lower bound that is always past the page
// asked for, so the pager keeps offering the next page.
import { z } from 'zod';
import type { Db, Queryable } from '../db/db.ts';
import { isStorableText, notAllowedMessage } from './validators.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
/**
 * Matches counted exactly, at least; beyond, `count` is "at least" (see the top of the file).
 * Measured at scale: counting a common word's matches to 10,000 checked 100,000 bookings' names
 * (50 to 80 ms); to 1,000, a tenth of that. Deep pages count to their own end regardless.
 */
export const COUNT_LIMIT = 1_000;

export const INVALID_PAGE = 'Page must be a whole number from 1.';
export const INVALID_PAGE_SIZE = `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;
export const SEARCH_TOO_LONG = `Search text must be at most ${MAX_SEARCH_LENGTH} characters.`;
export const SEARCH_NOT_ALLOWED = notAllowedMessage('Search text');

const WHOLE = /^[1-9]\d{0,8}$/;

/** An optional positive whole number in the query string; empty counts as absent. */
const optionalWhole = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = value?.trim() ?? '';
      if (v === '') return null;
      if (!WHOLE.test(v) || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(v);
    });

/** Spread into a query schema: `z.object({ ...pageQuery, theater: ... })`. */
export const pageQuery = {
  page: optionalWhole(INVALID_PAGE),
  page_size: optionalWhole(INVALID_PAGE_SIZE, MAX_PAGE_SIZE),
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(
      z
        .string()
        .max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG)
        .refine(isStorableText, SEARCH_NOT_ALLOWED)
        .nullable(),
    ),
};

/** What the SQL of a paged list needs. */
export interface PageRequest {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
  /** An ILIKE pattern matching `q` anywhere (its % _ \ taken literally), or null: no search. */
  pattern: string | null;
  /**
   * How many matches the SQL counts at most: COUNT_LIMIT, or one past the page's last row
   * when that is further. Counting `countCap` rows means "more than countCap - 1".
   */
  countCap: number;
}

/** The page asked for, or null when the query has no `page` (the plain-array form). */
export function pageRequest(query: {
  page: number | null;
  page_size: number | null;
  q: string | null;
}): PageRequest | null {
  if (query.page === null) return null;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return {
    page: query.page,
    pageSize,
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
    pattern: searchPattern(query.q),
    countCap: Math.max(COUNT_LIMIT, query.page * pageSize) + 1,
  };
}

/** `q` as an ILIKE pattern for "contains, case-insensitive"; null for no search. */
export function searchPattern(q: string | null): string | null {
  if (!q) return null;
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface Page<T> {
  results: T[];
  /** Rows matching, across pages: exact when `count_exact`, else at least this many. */
  count: number;
  count_exact: boolean;
  page: number;
  page_size: number;
}

/**
 * The envelope from the rows of a paged statement: each row carries `total_count` (how many
 * match, counted up to `request.countCap`), and a page past the end is one row of nulls but for
 * it (see the `*Page` SQL).
 */
export function envelope<T extends { id: number | null }>(
  rows: (T & { total_count: number })[],
  request: PageRequest,
): Page<Omit<T, 'total_count'>> {
  const counted = rows[0]?.total_count ?? 0;
  return {
    results: plainRows(rows),
    count: counted,
    count_exact: counted < request.countCap,
    page: request.page,
    page_size: request.pageSize,
  };
}

/**
 * Runs a list's statements with plans made for this request's values. postgres.js prepares
 * every statement, and after five runs PostgreSQL may switch to one generic plan for all values:
 * for a list that plan cannot know whether `q` is a rare name or a common word, whether the
 * caller is an owner, or how deep the page is, and the plans measured were up to 500 times
 * slower than the ones made for the values (a username search: 0.4 ms planned for it, 195 ms
 * generic). Lists are read rarely enough that planning each time (about a millisecond) is cheap.
 */
export async function withCustomPlans<T>(db: Db, read: (q: Queryable) => Promise<T>): Promise<T> {
  return await db.transaction(async (tx) => {
    await tx.query`SET LOCAL plan_cache_mode = force_custom_plan`;
    return await read(tx);
  });
}

/** The rows of a paged statement run without a limit, as the plain array. */
export function plainRows<T extends { id: number | null }>(
  rows: (T & { total_count: number })[],
): Omit<T, 'total_count'>[] {
  return rows
    .filter((row) => row.id !== null)
    .map(({ total_count: _, ...row }) => row as Omit<T, 'total_count'>);
}
