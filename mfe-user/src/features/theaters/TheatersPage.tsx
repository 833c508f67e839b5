import { Page } from '@cinema/ui';
import { TheaterList } from './TheaterList';

export function TheatersPage() {
  return (
    <Page title="Theaters" intro={<p>Choose a theater to see the movies running there.</p>}>
      <TheaterList />
    </Page>
  );
}
