import type { Paged } from '@cinema/api-client';
import {
  cx,
  EmptyState,
  ErrorState,
  failureMessage,
  type ListParams,
  Pagination,
  pageCount,
  Skeleton,
  Table,
  type TableColumn,
  TextField,
  useDebouncedSearch,
} from '@cinema/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { formatResultCount } from '../lib/format';
import { noWrap } from './noWrap';
import styles from './PagedTable.module.css';

export interface PagedTableProps<Row> {
  /** Names the table and its pages, e.g. 'Theaters'. */
  caption: string;
  /** Announced while the first page loads, e.g. 'Loading theaters...'. */
  loadingLabel: string;
  /** The spec's empty state, e.g. 'No theaters found.'. */
  emptyMessage: string;
  /** Shown in place of the table when the page cannot be loaded (never the server's raw text). */
  errorFallback: string;
  /** Placeholder of the search box: what it searches, e.g. 'Name, location or owner'. */
  searchHint: string;
  /** The page and search in force, from the URL (`useListParams`). */
  params: ListParams;
  query: UseQueryResult<Paged<Row>>;
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => Key;
}

/**
 * A read-only list of the server's rows, a page at a time: a search box, the total found, the
 * table and Previous/Next. The page and search are in the URL, so a reload or a shared link
 * keeps them. The list's own component fetches and toasts its error.
 */
export function PagedTable<Row>({
  caption,
  loadingLabel,
  emptyMessage,
  errorFallback,
  searchHint,
  params,
  query,
  columns,
  rowKey,
}: PagedTableProps<Row>) {
  const { data } = query;
  const pages = data ? pageCount(data.count, data.page_size || undefined) : 1;
  const { page } = params;
  // What is typed; sent (and put in the URL) once typing pauses, starting again at page 1.
  const [input, setInput] = useState(params.q);
  useDebouncedSearch(input, params.q, params.setQ);
  const cells = useMemo(() => noWrap(columns), [columns]);

  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton lines={6} label={loadingLabel} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        message={failureMessage(query.error, errorFallback)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.results.length === 0) {
    body = <EmptyState message={emptyMessage} />;
  } else {
    body = (
      // Earlier rows stay while the next page or search loads; dimmed and marked busy.
      <div
        className={cx(styles.rows, query.isPlaceholderData && styles.stale)}
        aria-busy={query.isPlaceholderData || undefined}
      >
        <Table
          caption={caption}
          captionHidden
          columns={cells}
          rows={query.data.results}
          rowKey={rowKey}
        />
      </div>
    );
  }

  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <TextField
          label="Search"
          type="search"
          value={input}
          placeholder={searchHint}
          autoComplete="off"
          className={styles.search}
          onChange={(event) => setInput(event.target.value)}
        />
        <p className={styles.count} aria-live="polite">
          {data ? formatResultCount(data.count, data.count_exact) : ''}
        </p>
      </div>
      {body}
      {data && (data.count > 0 || page > 1) && (
        <Pagination
          label={`${caption} pages`}
          page={page}
          pages={Math.max(pages, page)}
          onPage={params.setPage}
          align="end"
        />
      )}
    </div>
  );
}
