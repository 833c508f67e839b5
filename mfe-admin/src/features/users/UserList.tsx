import type { ListedAccount } from '@cinema/api-client';
import { formatDate, type TableColumn, useListParams } from '@cinema/ui';
import { PagedTable } from '../../components/PagedTable';
import { useUsers } from './api/getUsers';

const COLUMNS: readonly TableColumn<ListedAccount>[] = [
  { id: 'username', header: 'Username', cell: (account) => account.username },
  { id: 'email', header: 'Email', cell: (account) => account.email },
  { id: 'joined', header: 'Date joined', cell: (account) => formatDate(account.date_joined) },
];

/** The customer accounts, read-only. */
export function UserList() {
  const params = useListParams();
  const users = useUsers({ page: params.page, q: params.q });
  return (
    <PagedTable
      caption="Users"
      loadingLabel="Loading users..."
      emptyMessage="No users found."
      errorFallback="The users could not be loaded."
      searchHint="Username or email"
      params={params}
      query={users}
      columns={COLUMNS}
      rowKey={(account) => account.id}
    />
  );
}
