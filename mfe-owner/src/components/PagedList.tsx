import type { Paged } from '@cinema/api-client';
import type { ListParams } from '@cinema/ui';
import {
  EmptyState,
  ErrorState,
  failureMessage,
  Pagination,
  pageCount,
  SearchBox,
} from '@cinema/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import styles from './PagedList.module.css';

export interface PagedListProps<Item> {
  /** The search field's label and what it searches, e.g. 'Search theaters', 'Name or location'. */
  searchLabel: string;
  searchPlaceholder: string;
  /** Names the page navigation, e.g. 'Theater pages'. */
  paginationLabel: string;
  params: ListParams;
  query: UseQueryResult<Paged<Item>>;
  /** Shown while the first page loads: a skeleton in the list's shape. */
  loading: ReactNode;
  /** The spec's empty text, e.g. 'No theaters found.'. */
  emptyMessage: string;
  /**
   * The spec's text for a failed load, said where the list would be, with Retry, and only there
   * (one message per failure: toasts are for actions).
   */
  errorMessage: string;
  /** The rows of the current page. */
  children: (items: Item[]) => ReactNode;
}

/**
 * A server-paginated, server-searched list: the search box, the rows (or a skeleton, the empty
 * text, or the error with Retry), then Previous / 'Page X of Y' / Next.
 */
export function PagedList<Item>({
  searchLabel,
  searchPlaceholder,
  paginationLabel,
  params,
  query,
  loading,
  emptyMessage,
  errorMessage,
  children,
}: PagedListProps<Item>) {
  const pages = query.data ? pageCount(query.data.count, query.data.page_size) : 1;
  const { page, setPage } = params;

  // A page past the end (rows were removed, or an old link): go to the last one there is.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pages) setPage(pages);
  }, [query.data, query.isPlaceholderData, page, pages, setPage]);

  let content: ReactNode;
  if (query.isPending) content = loading;
  else if (query.isError && !query.data) {
    content = (
      <ErrorState
        message={failureMessage(query.error, errorMessage)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.results.length === 0) content = <EmptyState message={emptyMessage} />;
  else content = children(query.data.results);

  return (
    <div className={styles.list}>
      <SearchBox
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={params.q}
        onSearch={params.setQ}
      />
      <div aria-busy={query.isFetching || undefined} className={styles.rows}>
        {content}
      </div>
      {pages > 1 && (
        <Pagination
          label={paginationLabel}
          page={Math.min(page, pages)}
          pages={pages}
          busy={query.isPlaceholderData}
          onPage={setPage}
        />
      )}
    </div>
  );
}
