import { Page } from '@cinema/ui';
import { UserList } from './UserList';

export function UsersPage() {
  return (
    <Page title="Users" intro={<p>Customer accounts.</p>}>
      <UserList />
    </Page>
  );
}
