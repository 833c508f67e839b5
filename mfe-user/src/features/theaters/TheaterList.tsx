import type { Theater } from '@cinema/api-client';
import { Button, Card, FactList, withQuery } from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardList } from '../../components/CardList';
import { useTheaters } from './api/getTheaters';

export interface TheaterListProps {
  /** Level of each card's heading: 2 under a page's h1, 3 under a dashboard section's h2. */
  headingLevel?: 2 | 3;
}

/** Every theater as a card, with 'View Running Movies'. Used by the Theaters page and the dashboard. */
export function TheaterList({ headingLevel = 2 }: TheaterListProps) {
  const theaters = useTheaters();
  return (
    <CardList
      query={theaters}
      label="Theaters"
      loadingLabel="Loading theaters..."
      loadingLines={2}
      errorMessage="Failed to fetch theaters."
      emptyMessage="No theaters found."
      renderCard={(theater) => <TheaterCard theater={theater} headingLevel={headingLevel} />}
    />
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
