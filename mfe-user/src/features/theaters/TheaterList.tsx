import type { Theater } from '@cinema/api-client';
import {
  Button,
  Card,
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  useErrorToast,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTheaters } from './api/getTheaters';

export interface TheaterListProps {
  /** Level of each card's heading: 2 under a page's h1, 3 under a dashboard section's h2. */
  headingLevel?: 2 | 3;
}

/** Every theater as a card, with 'View Running Movies'. Used by the Theaters page and the dashboard. */
export function TheaterList({ headingLevel = 2 }: TheaterListProps) {
  const theaters = useTheaters();
  useErrorToast(theaters.isError, 'Failed to fetch theaters.');

  if (theaters.isPending) return <CardListSkeleton label="Loading theaters..." lines={2} />;
  if (theaters.isError) {
    return (
      <ErrorState
        message="The theaters could not be loaded."
        onRetry={() => void theaters.refetch()}
      />
    );
  }
  if (theaters.data.length === 0) return <EmptyState message="No theaters found." />;
  return (
    <CardGrid aria-label="Theaters">
      {theaters.data.map((theater) => (
        <li key={theater.id}>
          <TheaterCard theater={theater} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}

function TheaterCard({ theater, headingLevel }: { theater: Theater; headingLevel: 2 | 3 }) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <Card
      heading={<span id={headingId}>{theater.name}</span>}
      headingLevel={headingLevel}
      footer={
        <Button
          aria-describedby={headingId}
          onClick={() =>
            navigate(withQuery('/user/movies', { theater: theater.id }), {
              state: { theaterId: theater.id },
            })
          }
        >
          View Running Movies
        </Button>
      }
    >
      <FactList items={[{ label: 'Location', value: theater.location }]} />
    </Card>
  );
}
