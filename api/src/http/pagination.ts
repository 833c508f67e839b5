// Paging and search for the owner and admin lists: `?page=N&page_size=M&q=text`. With `page`
// the answer is an envelope `{results, count, page, page_size}`; without it the list's plain
// array (the customer screens' form).
import { z } from 'zod';
import { isStorableText, notAllowedMessage } from './validators.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;

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
  };
}

/** `q` as an ILIKE pattern for "contains, case-insensitive"; null for no search. */
export function searchPattern(q: string | null): string | null {
  if (!q) return null;
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface Page<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
}

/**
 * The envelope from the rows of a paged statement: each row carries `total_count` (how many
 * match in all), and a page past the end is one row of nulls but for it (see the `*Page` SQL).
 */
export function envelope<T extends { id: number | null }>(
  rows: (T & { total_count: number })[],
  request: PageRequest,
): Page<Omit<T, 'total_count'>> {
  const count = rows[0]?.total_count ?? 0;
  return { results: plainRows(rows), count, page: request.page, page_size: request.pageSize };
}

/** The rows of a paged statement run without a limit, as the plain array. */
export function plainRows<T extends { id: number | null }>(
  rows: (T & { total_count: number })[],
): Omit<T, 'total_count'>[] {
  return rows
    .filter((row) => row.id !== null)
    .map(({ total_count: _, ...row }) => row as Omit<T, 'total_count'>);
}
