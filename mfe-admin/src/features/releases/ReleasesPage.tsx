import { ApiError } from '@cinema/api-client';
import { Page } from '@cinema/ui';
import { useReleases } from './api/getReleases';
import { DeployKeys } from './DeployKeys';
import { ReleaseAudit } from './ReleaseAudit';
import { ReleasesList } from './ReleasesList';

export function ReleasesPage() {
  // The keys and the history come once the status has answered (ReleasesList reads the same
  // query): someone it refuses is told so there, once, and is not asked for what would only be
  // refused too.
  const releases = useReleases();
  const refused = releases.error instanceof ApiError && releases.error.status === 403;
  const answered = releases.data !== undefined || releases.isError;
  return (
    <Page
      title="Releases"
      intro={
        <p>
          Which version of each micro-frontend is live and how it is doing, the deploy keys teams
          release with, and who changed what.
        </p>
      }
    >
      <ReleasesList />
      {answered && !refused && (
        <>
          <DeployKeys />
          <ReleaseAudit />
        </>
      )}
    </Page>
  );
}
