import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface ListParams {
  /** From 1. */
  page: number;
  /** The search text, trimmed; '' for none. */
  q: string;
  setPage: (page: number) => void;
  /** A new search starts again at page 1. */
  setQ: (q: string) => void;
}

function toPage(value: string | null): number {
  const page = value !== null && /^\d+$/.test(value) ? Number(value) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's page and search live in the URL (`?page=2&q=pvr`), so a reload, a shared link or
 * coming Back from another screen lands on the same page. Other parameters (a dashboard's
 * `tab`) are kept; the history entry is replaced, not added. Every area's paged lists use it.
 */
export function useListParams(): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = toPage(searchParams.get('page'));
  const q = (searchParams.get('q') ?? '').trim();

  const update = useCallback(
    (changes: { page?: number; q?: string }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.q !== undefined) {
            if (changes.q === '') next.delete('q');
            else next.set('q', changes.q);
          }
          const nextPage = changes.page ?? 1;
          if (nextPage <= 1) next.delete('page');
          else next.set('page', String(nextPage));
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setQ = useCallback((next: string) => update({ q: next, page: 1 }), [update]);
  return { page, q, setPage, setQ };
}
