import { type ListPage, useDebouncedSearch } from '@cinema/ui';
import { useCallback, useState } from 'react';

export interface ListSearch {
  /** What is in the search box now. */
  input: string;
  setInput: (text: string) => void;
  /** What is fetched: the search once typing has paused, and the page. */
  params: ListPage;
  setPage: (page: number) => void;
}

/**
 * The search box and page of one list, in the list's own state. The search is sent once typing
 * has paused (SEARCH_DEBOUNCE_MS), and a new search starts again at page 1.
 */
export function useListSearch(): ListSearch {
  const [input, setInput] = useState('');
  const [params, setParams] = useState<ListPage>({ page: 1, q: '' });
  useDebouncedSearch(input, params.q, (q) => setParams({ page: 1, q }));

  const setPage = useCallback((page: number) => setParams((current) => ({ ...current, page })), []);

  return { input, setInput, params, setPage };
}
