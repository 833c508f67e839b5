import { CardListSkeleton, EmptyState, ErrorState, failureMessage } from '@cinema/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface LoadedListProps<T> {
  /** The list's query: a skeleton while pending, an error with Retry on failure, else `children`. */
  query: UseQueryResult<T[]>;
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
  /** The items, once there are some. */
  children: (items: T[]) => ReactNode;
}

/** A customer list's states around its items: loading, failed (with Retry), empty. */
export function LoadedList<T>({
  query,
  loadingLabel,
  loadingLines,
  errorMessage,
  emptyMessage,
  children,
}: LoadedListProps<T>) {
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
  return children(query.data);
}
