import { CardGrid, Pagination, useListParams } from '@cinema/ui';
import type { Key, ReactNode } from 'react';
import { LoadedList, type LoadedListProps } from './LoadedList';

export interface CardListProps<T extends { id: Key }> extends Omit<LoadedListProps<T>, 'children'> {
  /** The list's accessible name, e.g. 'Theaters'. */
  label: string;
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
  label,
  renderCard,
  pageSize = CARDS_PER_PAGE,
  ...states
}: CardListProps<T>) {
  return (
    <LoadedList {...states}>
      {(items) => (
        <CardPages items={items} label={label} renderCard={renderCard} pageSize={pageSize} />
      )}
    </LoadedList>
  );
}

function CardPages<T extends { id: Key }>({
  items,
  label,
  renderCard,
  pageSize,
}: {
  items: T[];
  label: string;
  renderCard: (item: T) => ReactNode;
  pageSize: number;
}) {
  const params = useListParams();
  const pages = Math.ceil(items.length / pageSize);
  const page = Math.min(params.page, pages);
  return (
    <>
      <CardGrid aria-label={label}>
        {items.slice((page - 1) * pageSize, page * pageSize).map((item) => (
          <li key={item.id}>{renderCard(item)}</li>
        ))}
      </CardGrid>
      {pages > 1 && (
        <Pagination label={`${label} pages`} page={page} pages={pages} onPage={params.setPage} />
      )}
    </>
  );
}
