import { Button, Page, useNavigationId } from '@cinema/ui';
import { useNavigate } from 'react-router-dom';
import { useMovies } from '../../features/movies/api/getMovies';
import { useShows } from '../../features/shows/api/getShows';
import { ShowList } from '../../features/shows/ShowList';

/** Upcoming shows: one movie's when a movie was chosen (state, then ?movie=), else all. */
export function ShowsPage() {
  const movieId = useNavigationId('movieId', 'movie');
  return (
    <Page title="Shows" intro={movieId === null ? undefined : <MovieFilter movieId={movieId} />}>
      <ShowList movieId={movieId} />
    </Page>
  );
}

/** Says which movie the list is limited to, with a way back to every show. */
function MovieFilter({ movieId }: { movieId: number }) {
  const navigate = useNavigate();
  const shows = useShows({ movie: movieId });
  const nameFromShows = shows.data?.[0]?.movie_name;
  // With no show to read the title from, the movie list (usually cached) names it.
  const movies = useMovies({}, { enabled: shows.isSuccess && nameFromShows === undefined });
  const name =
    nameFromShows ??
    movies.data?.find((movie) => movie.id === movieId)?.title ??
    'the selected movie';
  return (
    <>
      <p>
        Showing shows of <strong>{name}</strong>.
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => navigate('/user/shows', { replace: true })}
      >
        Show all shows
      </Button>
    </>
  );
}
