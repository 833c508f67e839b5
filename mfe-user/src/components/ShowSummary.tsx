import { ApiError } from '@cinema/api-client';
import {
  Card,
  CardSkeleton,
  ErrorState,
  FactList,
  failureMessage,
  formatDateTimeRange,
  PosterImage,
} from '@cinema/ui';
import { useShow } from '../lib/showQuery';
import styles from './ShowSummary.module.css';

/** Which show a page is about: movie (with its poster), theater, screen, date and time. */
export function ShowSummary({ showId }: { showId: number }) {
  const show = useShow(showId);

  if (show.isPending) return <CardSkeleton lines={2} label="Loading the show..." />;
  if (show.isError) {
    if (show.error instanceof ApiError && show.error.status === 404) {
      return <p role="alert">This show was not found. It may have been removed.</p>;
    }
    // A failure that may pass (the network, a 5xx) offers to try again, as the seats do.
    return (
      <ErrorState
        message={failureMessage(show.error, 'The show details could not be loaded.')}
        onRetry={() => void show.refetch()}
        error={show.error}
      />
    );
  }
  // Every show plays on a screen; a theater's only one is still named (e.g. 'Screen 1').
  const { screen_name } = show.data;
  return (
    <Card heading={show.data.movie_name} headingLevel={2} className={styles.summary}>
      <div className={show.data.movie_poster ? styles.withPoster : undefined}>
        <PosterImage poster={show.data.movie_poster} sizes="(max-width: 30rem) 2.5rem, 4rem" />
        <FactList
          runOnOnPhone
          items={[
            { label: 'Theater', value: show.data.theater_name },
            ...(screen_name ? [{ label: 'Screen', value: screen_name }] : []),
            {
              label: 'When',
              value: formatDateTimeRange(show.data.date, show.data.start_time, show.data.end_time),
            },
          ]}
        />
      </div>
    </Card>
  );
}
