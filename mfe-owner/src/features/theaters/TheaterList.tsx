import type { Theater } from '@cinema/api-client';
import { Card, CardGrid, CardListSkeleton, FactList, plural, useListParams } from '@cinema/ui';
import { PagedList } from '../../components/PagedList';
import { OWN_LIST_ERROR } from '../../lib/messages';
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
      errorToast={OWN_LIST_ERROR}
      errorMessage="Your theaters could not be loaded."
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
  return (
    <Card heading={theater.name} headingLevel={2}>
      <FactList
        items={[
          { label: 'Location', value: theater.location },
          {
            label: 'Layout',
            value: `${plural(theater.rows, 'row')} × ${plural(theater.seats_per_row, 'seat')} per row`,
          },
          { label: 'Capacity', value: plural(theater.rows * theater.seats_per_row, 'seat') },
        ]}
      />
    </Card>
  );
}
