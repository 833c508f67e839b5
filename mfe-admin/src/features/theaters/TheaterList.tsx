import type { Theater } from '@cinema/api-client';
import type { TableColumn } from '@cinema/ui';
import { useListParams } from '@cinema/ui';
import { PagedTable } from '../../components/PagedTable';
import { useTheaters } from './api/getTheaters';

const COLUMNS: readonly TableColumn<Theater>[] = [
  { id: 'name', header: 'Name', cell: (theater) => theater.name },
  { id: 'location', header: 'Location', cell: (theater) => theater.location },
  { id: 'owner', header: 'Owner', cell: (theater) => theater.owner_name },
  { id: 'layout', header: 'Layout', cell: layoutText },
];

/** '8 rows × 12 seats' */
function layoutText({ rows, seats_per_row: seats }: Theater): string {
  return `${rows} ${rows === 1 ? 'row' : 'rows'} × ${seats} ${seats === 1 ? 'seat' : 'seats'}`;
}

/** Every theater, read-only. Used by the Theaters page and the admin panel. */
export function TheaterList() {
  const params = useListParams();
  const theaters = useTheaters({ page: params.page, q: params.q });
  return (
    <PagedTable
      caption="Theaters"
      loadingLabel="Loading theaters..."
      emptyMessage="No theaters found."
      errorFallback="Failed to fetch theaters."
      searchHint="Name, location or owner"
      params={params}
      query={theaters}
      columns={COLUMNS}
      rowKey={(theater) => theater.id}
    />
  );
}
