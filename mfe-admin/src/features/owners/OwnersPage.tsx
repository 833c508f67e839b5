import { Page } from '@cinema/ui';
import { OwnerList } from './OwnerList';

export function OwnersPage() {
  return (
    <Page title="Owners" intro={<p>Theater owner accounts and how many theaters each has.</p>}>
      <OwnerList />
    </Page>
  );
}
