import { Page } from '@cinema/ui';
import { ShowList } from './ShowList';

export function ShowsPage() {
  return (
    <Page title="Shows" intro={<p>Every show, past and upcoming, newest first.</p>}>
      <ShowList />
    </Page>
  );
}
