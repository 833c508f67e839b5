import { Page } from '@cinema/ui';
import { TheaterList } from './TheaterList';

export function TheatersPage() {
  return (
    <Page
      title="Theaters"
      intro={<p>Every theater on the platform with its owner and seat layout.</p>}
    >
      <TheaterList />
    </Page>
  );
}
