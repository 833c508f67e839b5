import type { OwnerAccount } from '@cinema/api-client';
import { formatDate, type TableColumn, useListParams } from '@cinema/ui';
import { PagedTable } from '../../components/PagedTable';
import { useOwners } from './api/getOwners';

const COLUMNS: readonly TableColumn<OwnerAccount>[] = [
  { id: 'username', header: 'Username', cell: (owner) => owner.username },
  { id: 'email', header: 'Email', cell: (owner) => owner.email },
  { id: 'theaters', header: 'Theaters', cell: (owner) => owner.theater_count ?? 0, align: 'end' },
  { id: 'joined', header: 'Date joined', cell: (owner) => formatDate(owner.date_joined) },
];

/** The owner accounts with how many theaters each has, read-only. */
export function OwnerList() {
  const params = useListParams();
  const owners = useOwners({ page: params.page, q: params.q });
  return (
    <PagedTable
      caption="Owners"
      loadingLabel="Loading owners..."
      emptyMessage="No owners found."
      errorFallback="The owners could not be loaded."
      searchHint="Username or email"
      params={params}
      query={owners}
      columns={COLUMNS}
      rowKey={(owner) => owner.id}
    />
  );
}
