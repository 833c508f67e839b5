import type { Theater } from '@cinema/api-client';
import {
  buttonClassName,
  Card,
  CardGrid,
  CardListSkeleton,
  FactList,
  useListParams,
} from '@cinema/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PagedList } from '../../components/PagedList';
import { ownListError } from '../../lib/messages';
import { useTheaterPage } from './api/getTheaters';

/** The owner's theaters, 20 a page, searchable by name or location. */
export function TheaterList() {
  const params = useListParams();
  const theaters = useTheaterPage({ page: params.page, q: params.q });
  return (
    <PagedList
      searchLabel="Search theaters"
      searchPlaceholder="Name or location"
      paginationLabel="Theater pages"
      params={params}
      query={theaters}
      loading={<CardListSkeleton label="Loading theaters..." lines={3} />}
      emptyMessage="No theaters found."
      errorMessage={ownListError('theaters')}
    >
      {(items) => (
        <CardGrid aria-label="Theaters">
          {items.map((theater) => (
            <li key={theater.id}>
              <TheaterCard theater={theater} />
            </li>
          ))}
        </CardGrid>
      )}
    </PagedList>
  );
}

function TheaterCard({ theater }: { theater: Theater }) {
  const headingId = useId();
  return (
    <Card
      heading={<span id={headingId}>{theater.name}</span>}
      headingLevel={2}
      footer={
        <Link
          to={`/owner/theaters/${theater.id}/screens`}
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          aria-describedby={headingId}
        >
          Screens
        </Link>
      }
    >
      {/* A theater has screens of their own layouts (decision 0045): its size is on its Screens page. */}
      <FactList items={[{ label: 'Location', value: theater.location }]} />
    </Card>
  );
}
