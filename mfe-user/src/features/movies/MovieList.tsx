import type { Movie } from '@cinema/api-client';
import { Button, Card, FactList, formatDate, PosterImage, withQuery } from '@cinema/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardList } from '../../components/CardList';
import { useMovies } from './api/getMovies';
import styles from './MovieList.module.css';

export interface MovieListProps {
  /** Only the movies running in this theater; null for all. */
  theaterId?: number | null;
  headingLevel?: 2 | 3;
}

/** Movies as cards, each with its poster if it has one, and 'View Shows'. Used by the Movies page and the dashboard. */
export function MovieList({ theaterId = null, headingLevel = 2 }: MovieListProps) {
  const movies = useMovies({ theater: theaterId });
  return (
    <CardList
      query={movies}
      label="Movies"
      loadingLabel="Loading movies..."
      errorMessage="Error loading movies"
      emptyMessage="No movies found."
      renderCard={(movie) => <MovieCard movie={movie} headingLevel={headingLevel} />}
    />
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
      <div className={movie.poster ? styles.withPoster : undefined}>
        <PosterImage poster={movie.poster} sizes="6rem" />
        <p className={styles.description}>{movie.description}</p>
      </div>
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
