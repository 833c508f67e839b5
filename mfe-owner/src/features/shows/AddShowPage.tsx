import { Page } from '@cinema/ui';
import { AddShowForm } from './AddShowForm';

export function AddShowPage() {
  return (
    <Page title="Add Show" intro={<p>Schedule a movie in one of your theaters.</p>}>
      <AddShowForm />
    </Page>
  );
}
