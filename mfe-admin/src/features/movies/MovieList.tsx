import type { Movie } from '@cinema/api-client';
import { formatDate, type TableColumn, useListParams } from '@cinema/ui';
import { PagedTable } from '../../components/PagedTable';
import { useMovies } from './api/getMovies';

const COLUMNS: readonly TableColumn<Movie>[] = [
  { id: 'title', header: 'Title', cell: (movie) => movie.title },
  { id: 'language', header: 'Language', cell: (movie) => movie.language },
  {
    id: 'duration',
    header: 'Duration',
    cell: (movie) => `${movie.duration_minutes} mins`,
    align: 'end',
  },
  { id: 'release', header: 'Release date', cell: (movie) => formatDate(movie.release_date) },
  { id: 'theater', header: 'Theater', cell: (movie) => movie.theater_name },
];

/** Every movie, read-only. Used by the Movies page and the admin panel. */
export function MovieList() {
  const params = useListParams();
  const movies = useMovies({ page: params.page, q: params.q });
  return (
    <PagedTable
      caption="Movies"
      loadingLabel="Loading movies..."
      emptyMessage="No movies found."
      errorFallback="Error loading movies"
      searchHint="Title, language or theater"
      params={params}
      query={movies}
      columns={COLUMNS}
      rowKey={(movie) => movie.id}
    />
  );
}
