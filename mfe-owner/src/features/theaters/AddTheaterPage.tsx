import { Page } from '@cinema/ui';
import { AddTheaterForm } from './AddTheaterForm';

export function AddTheaterPage() {
  return (
    <Page title="Add Theater" intro={<p>Add a theater you own, then its movies and shows.</p>}>
      <AddTheaterForm />
    </Page>
  );
}
