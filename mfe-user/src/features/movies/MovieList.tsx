import type { Movie } from '@cinema/api-client';
import {
  Button,
  Card,
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  formatDate,
  useErrorToast,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMovies } from './api/getMovies';
import styles from './MovieList.module.css';

export interface MovieListProps {
  /** Only the movies running in this theater; null for all. */
  theaterId?: number | null;
  headingLevel?: 2 | 3;
}

/** Movies as cards, with 'View Shows'. Used by the Movies page and the dashboard. */
export function MovieList({ theaterId = null, headingLevel = 2 }: MovieListProps) {
  const movies = useMovies({ theater: theaterId });
  useErrorToast(movies.isError, 'Error loading movies');

  if (movies.isPending) return <CardListSkeleton label="Loading movies..." />;
  if (movies.isError) {
    return (
      <ErrorState message="The movies could not be loaded." onRetry={() => void movies.refetch()} />
    );
  }
  if (movies.data.length === 0) return <EmptyState message="No movies found." />;
  return (
    <CardGrid aria-label="Movies">
      {movies.data.map((movie) => (
        <li key={movie.id}>
          <MovieCard movie={movie} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}

function MovieCard({ movie, headingLevel }: { movie: Movie; headingLevel: 2 | 3 }) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <Card
      heading={<span id={headingId}>{movie.title}</span>}
      headingLevel={headingLevel}
      footer={
        <Button
          aria-describedby={headingId}
          onClick={() =>
            navigate(withQuery('/user/shows', { movie: movie.id }), {
              state: { movieId: movie.id },
            })
          }
        >
          View Shows
        </Button>
      }
    >
      <p className={styles.description}>{movie.description}</p>
      <FactList
        items={[
          { label: 'Duration', value: `${movie.duration_minutes} mins` },
          { label: 'Language', value: movie.language },
          { label: 'Release date', value: formatDate(movie.release_date) },
          { label: 'Theater', value: movie.theater_name },
        ]}
      />
    </Card>
  );
}
