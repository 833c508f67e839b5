import type { Movie } from '@cinema/api-client';
import { Card, CardGrid, CardListSkeleton, FactList, formatDate, useListParams } from '@cinema/ui';
import { useId } from 'react';
import { PagedList } from '../../components/PagedList';
import { ownListError } from '../../lib/messages';
import { useMoviePage } from './api/getMovies';
import styles from './MovieList.module.css';
import { MoviePoster } from './MoviePoster';

/** The movies of the owner's theaters, 20 a page, searchable by title or theater; each with its poster. */
export function MovieList() {
  const params = useListParams();
  const movies = useMoviePage({ page: params.page, q: params.q });
  return (
    <PagedList
      searchLabel="Search movies"
      searchPlaceholder="Title, language or theater"
      paginationLabel="Movie pages"
      params={params}
      query={movies}
      loading={<CardListSkeleton label="Loading movies..." lines={5} />}
      emptyMessage="No movies found."
      errorMessage={ownListError('movies')}
    >
      {(items) => (
        <CardGrid aria-label="Movies">
          {items.map((movie) => (
            <li key={movie.id}>
              <MovieCard movie={movie} />
            </li>
          ))}
        </CardGrid>
      )}
    </PagedList>
  );
}

function MovieCard({ movie }: { movie: Movie }) {
  const headingId = useId();
  return (
    <Card heading={<span id={headingId}>{movie.title}</span>} headingLevel={2}>
      <p className={styles.description}>{movie.description}</p>
      <FactList
        items={[
          { label: 'Duration', value: `${movie.duration_minutes} mins` },
          { label: 'Language', value: movie.language },
          { label: 'Release date', value: formatDate(movie.release_date) },
          { label: 'Theater', value: movie.theater_name },
        ]}
      />
      <MoviePoster movie={movie} headingId={headingId} />
    </Card>
  );
}
