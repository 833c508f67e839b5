import { useSession } from '@cinema/auth';
import { buttonClassName, EmptyState, ErrorState, failureMessage, Skeleton } from '@cinema/ui';
import { Link } from 'react-router-dom';
import { useCheckInShows } from './api/getCheckInShows';
import { Door } from './Door';
import { useStoredShows } from './offline/queries';

/**
 * Today's shows and the door of the chosen one. The server's list while it answers; without it
 * (offline, or the API down) the shows this device downloaded earlier, so a reload with no
 * network still opens the scanner (docs/decisions/0043-offline-first-door-scanner.md).
 */
export function DoorScreen() {
  const { role } = useSession();
  const shows = useCheckInShows();
  const stored = useStoredShows();
  const unreachable = shows.isError || shows.fetchStatus === 'paused';
  const storedShows = stored.data?.map((entry) => entry.show) ?? [];
  const list = shows.data ?? (unreachable && storedShows.length > 0 ? storedShows : undefined);
  if (list) {
    return list.length === 0 ? (
      <EmptyState message="No shows today in your theaters.">
        {/* Door staff schedule nothing (docs/decisions/0040-door-staff.md). */}
        {role !== 'door' && (
          <Link to="/owner/add-show" className={buttonClassName({ variant: 'secondary' })}>
            Add Show
          </Link>
        )}
      </EmptyState>
    ) : (
      <Door shows={list} />
    );
  }
  if (!unreachable || stored.isPending)
    return <Skeleton lines={4} label="Loading today's shows..." />;
  return shows.isError ? (
    <ErrorState
      message={failureMessage(shows.error, 'Today’s shows could not be loaded.')}
      error={shows.error}
      onRetry={() => void shows.refetch()}
    />
  ) : (
    <EmptyState message="This device is offline and has no show stored. Open the show here once while online, and it will work offline after." />
  );
}
