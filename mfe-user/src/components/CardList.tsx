import {
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  failureMessage,
  Pagination,
  useListParams,
} from '@cinema/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';

export interface CardListProps<T extends { id: Key }> {
  /** The list's query: a skeleton while pending, an error with Retry on failure, else the cards. */
  query: UseQueryResult<T[]>;
  /** The list's accessible name, e.g. 'Theaters'. */
  label: string;
  /** Announced while the list loads, e.g. 'Loading theaters...'. */
  loadingLabel: string;
  /** Grey lines in each placeholder card, about as many as a real card has. */
  loadingLines?: number;
  /**
   * The spec's text for a failed load, e.g. 'Failed to fetch theaters.': shown where the list
   * would be, with Retry, and only there (one message per failure: toasts are for actions).
   */
  errorMessage: string;
  /** Shown when there are no items, e.g. 'No theaters found.' */
  emptyMessage: string;
  /** One item's card. */
  renderCard: (item: T) => ReactNode;
  /** Cards a page (`?page=`): a list of a chain's theaters stays a few screens on a phone. */
  pageSize?: number;
}

/** Cards a page of the customer's lists: ten movie cards are under five screens at 360 px. */
export const CARDS_PER_PAGE = 10;

/**
 * A query's items as a CardGrid of cards, a page at a time, with its loading, error and empty
 * states.
 */
export function CardList<T extends { id: Key }>({
  query,
  label,
  loadingLabel,
  loadingLines,
  errorMessage,
  emptyMessage,
  renderCard,
  pageSize = CARDS_PER_PAGE,
}: CardListProps<T>) {
  const params = useListParams();

  if (query.isPending) return <CardListSkeleton label={loadingLabel} lines={loadingLines} />;
  if (query.isError) {
    return (
      <ErrorState
        message={failureMessage(query.error, errorMessage)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState message={emptyMessage} />;
  const pages = Math.ceil(query.data.length / pageSize);
  const page = Math.min(params.page, pages);
  return (
    <>
      <CardGrid aria-label={label}>
        {query.data.slice((page - 1) * pageSize, page * pageSize).map((item) => (
          <li key={item.id}>{renderCard(item)}</li>
        ))}
      </CardGrid>
      {pages > 1 && (
        <Pagination label={`${label} pages`} page={page} pages={pages} onPage={params.setPage} />
      )}
    </>
  );
}
