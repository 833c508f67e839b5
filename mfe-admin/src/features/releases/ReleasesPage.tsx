import { Page } from '@cinema/ui';
import { ReleasesList } from './ReleasesList';

export function ReleasesPage() {
  return (
    <Page
      title="Releases"
      intro={<p>Which version of each micro-frontend is live, and how it is doing.</p>}
    >
      <ReleasesList />
    </Page>
  );
}
