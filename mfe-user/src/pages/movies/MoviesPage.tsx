import { Button, Page, useNavigationId } from '@cinema/ui';
import { useNavigate } from 'react-router-dom';
import { useMovies } from '../../features/movies/api/getMovies';
import { MovieList } from '../../features/movies/MovieList';
import { useTheaters } from '../../features/theaters/api/getTheaters';

export function MoviesPage() {
  const theaterId = useNavigationId('theaterId', 'theater');
  return (
    <Page
      title="Movies"
      intro={theaterId === null ? undefined : <TheaterFilter theaterId={theaterId} />}
    >
      <MovieList theaterId={theaterId} />
    </Page>
  );
}

/** Says which theater the list is limited to, with a way back to every movie. */
function TheaterFilter({ theaterId }: { theaterId: number }) {
  const navigate = useNavigate();
  const theaters = useTheaters();
  const movies = useMovies({ theater: theaterId });
  const name =
    theaters.data?.find((theater) => theater.id === theaterId)?.name ??
    movies.data?.[0]?.theater_name ??
    'the selected theater';
  return (
    <>
      <p>
        Showing movies running at <strong>{name}</strong>.
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => navigate('/user/movies', { replace: true })}
      >
        Show all movies
      </Button>
    </>
  );
}
