import type { Theater } from '@cinema/api-client';
import { buttonClassName, EmptyState, ErrorState, failureMessage, Skeleton } from '@cinema/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTheaterChoices } from '../lib/choices';

export interface OwnTheatersProps {
  /** The spec's words when the theaters cannot be loaded, said once where the form would be. */
  errorMessage: string;
  /** What cannot be added without a theater, e.g. 'movies'. */
  adding: string;
  /** Where 'Add Theater' leads: the page, or the dashboard's tab. */
  addTheaterHref: string;
  children: (theaters: Theater[]) => ReactNode;
}

/**
 * A form that needs one of the owner's theaters: it waits for them, says so once (no toast) with
 * Retry when they cannot be loaded, and when there are none yet it points to adding one instead of showing an empty select.
 */
export function OwnTheaters({ errorMessage, adding, addTheaterHref, children }: OwnTheatersProps) {
  const theaters = useTheaterChoices();

  if (theaters.isPending) return <Skeleton lines={5} label="Loading your theaters..." />;
  if (theaters.isError) {
    return (
      <ErrorState
        message={failureMessage(theaters.error, errorMessage)}
        error={theaters.error}
        onRetry={() => void theaters.refetch()}
      />
    );
  }
  if (theaters.data.length === 0) {
    return (
      <EmptyState message={`You have no theaters yet. Add a theater before adding ${adding}.`}>
        <Link to={addTheaterHref} className={buttonClassName()}>
          Add Theater
        </Link>
      </EmptyState>
    );
  }
  return children(theaters.data);
}

/** The options of a Theater select: 'PVR Forum — Koramangala'. */
export function theaterOptions(theaters: readonly Theater[]) {
  return theaters.map((theater) => ({
    value: theater.id,
    label: `${theater.name} — ${theater.location}`,
  }));
}
