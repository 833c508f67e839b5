import { Page } from '@cinema/ui';
import { MovieList } from './MovieList';

export function MoviesPage() {
  return (
    <Page title="Movies" intro={<p>Every movie in every theater.</p>}>
      <MovieList />
    </Page>
  );
}
