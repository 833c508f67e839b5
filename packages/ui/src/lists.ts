// Server-paginated, server-searched lists: the numbers every area's lists share.
import { useEffect, useRef } from 'react';

/** Rows per page of every paginated list (the API's default, sent explicitly). */
export const LIST_PAGE_SIZE = 20;

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Which page of a list to fetch, from 1, and the search text, trimmed ('' for none). */
export interface ListPage {
  page: number;
  q: string;
}

/**
 * Rows per page on a phone (a viewport under 600 px, where tables become stacked cards): twenty
 * stacked cards were 7 to 12 screens long at 360 px, eight are 3 to 5.
 */
export const PHONE_LIST_PAGE_SIZE = 8;

/** Rows per page on this screen: PHONE_LIST_PAGE_SIZE on a phone, else LIST_PAGE_SIZE. */
export function listPageSize(): number {
  const phone =
    typeof window !== 'undefined' && window.matchMedia?.('(max-width: 37.5rem)').matches === true;
  return phone ? PHONE_LIST_PAGE_SIZE : LIST_PAGE_SIZE;
}

/** The query of one page: `?page=2&page_size=20&q=pvr`, `q` left out (null) when empty. */
export function pageQuery({ page, q }: ListPage, pageSize = listPageSize()) {
  return { page, page_size: pageSize, q: q === '' ? null : q };
}

/** How many pages `count` rows fill; at least 1, so an empty list is 'Page 1 of 1'. */
export function pageCount(count: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * Sends what is typed in a search box once typing has paused for SEARCH_DEBOUNCE_MS: calls
 * `onSearch` with the trimmed `text` when it differs from the search in force (`applied`).
 */
export function useDebouncedSearch(
  text: string,
  applied: string,
  onSearch: (q: string) => void,
): void {
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    const q = text.trim();
    if (q === applied) return;
    const timer = setTimeout(() => onSearchRef.current(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);
}
