import { Page } from '@cinema/ui';
import { AddMovieForm } from './AddMovieForm';

export function AddMoviePage() {
  return (
    <Page title="Add Movie" intro={<p>Add a movie to one of your theaters.</p>}>
      <AddMovieForm />
    </Page>
  );
}
