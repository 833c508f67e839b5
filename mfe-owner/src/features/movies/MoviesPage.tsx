import { buttonClassName, Page } from '@cinema/ui';
import { Link } from 'react-router-dom';
import { MovieList } from './MovieList';

export function MoviesPage() {
  return (
    <Page
      title="Movies"
      intro={
        <>
          <p>The movies running in your theaters.</p>
          <Link to="/owner/add-movie" className={buttonClassName({ size: 'small' })}>
            Add Movie
          </Link>
        </>
      }
    >
      <MovieList />
    </Page>
  );
}
