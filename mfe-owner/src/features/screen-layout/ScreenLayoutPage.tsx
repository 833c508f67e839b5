import { ErrorState, failureMessage, failureStatus, Page, Skeleton } from '@cinema/ui';
import { Link, useParams } from 'react-router-dom';
import { useScreen } from './api/getScreen';
import { ScreenLayoutEditor } from './ScreenLayoutEditor';

/** /owner/screens/:id/layout: the layout editor of one of the owner's screens. */
export function ScreenLayoutPage() {
  const screenId = Number(useParams().id);
  const valid = Number.isSafeInteger(screenId) && screenId > 0;
  return valid ? <ScreenLayout screenId={screenId} /> : <Missing />;
}

function Missing() {
  return (
    <Page title="Screen not found">
      <p>This screen does not exist or is not one of yours.</p>
      <Link to="/owner/theaters">Back to your theaters</Link>
    </Page>
  );
}

function ScreenLayout({ screenId }: { screenId: number }) {
  const screen = useScreen(screenId);
  if (screen.isError && failureStatus(screen.error) === 404) return <Missing />;
  const title = screen.data ? `Layout of ${screen.data.name}` : 'Screen layout';
  return (
    <Page
      title={title}
      intro={
        screen.data && (
          <p>
            {screen.data.theater_name}.{' '}
            <Link to={`/owner/theaters/${screen.data.theater}/screens`}>Back to its screens</Link>
          </p>
        )
      }
    >
      {screen.isPending && <Skeleton lines={8} label="Loading the layout..." />}
      {screen.isError && (
        <ErrorState
          message={failureMessage(screen.error, 'The screen could not be loaded.')}
          error={screen.error}
          onRetry={() => void screen.refetch()}
        />
      )}
      {/* Keyed by the screen: after a save the drawing stays as drawn, which is what was stored. */}
      {screen.data && <ScreenLayoutEditor key={screen.data.id} screen={screen.data} />}
    </Page>
  );
}
