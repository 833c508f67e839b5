import type { Theater } from '@cinema/api-client';
import {
  Button,
  FieldRow,
  Form,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@cinema/ui';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { OwnTheaters, theaterOptions } from '../../components/OwnTheaters';
import { useCreateMovie } from './api/createMovie';
import { MIN_DURATION_MINUTES, MOVIE_FORM_VALUES, movieSchema } from './schema';

export interface AddMovieFormProps {
  /** Where to add a theater when the owner has none: the page, or the dashboard's tab. */
  addTheaterHref?: string;
}

/** A new movie in one of the owner's theaters. Used by Add Movie and the dashboard. */
export function AddMovieForm({ addTheaterHref = '/owner/add-theater' }: AddMovieFormProps) {
  return (
    <OwnTheaters
      errorMessage="Failed to fetch theaters."
      adding="movies"
      addTheaterHref={addTheaterHref}
    >
      {(theaters) => <MovieForm theaters={theaters} />}
    </OwnTheaters>
  );
}

function MovieForm({ theaters }: { theaters: Theater[] }) {
  const form = useSchemaForm(MOVIE_FORM_VALUES);
  const createMovie = useCreateMovie();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(movieSchema);
    if (!input) return;
    createMovie.mutate(input, {
      onSuccess: () => {
        toast.success('Movie added successfully!');
        form.reset();
      },
      onError: (error) => {
        form.showServerError(error);
        toast.error('Failed to add movie. Try again.');
      },
    });
  }

  return (
    <Form panel onSubmit={handleSubmit} aria-label="Add Movie">
      <TextField {...form.field('title')} label="Title" autoComplete="off" />
      <TextAreaField {...form.field('description')} label="Description" rows={4} />
      <FieldRow>
        <TextField
          {...form.field('duration_minutes')}
          label="Duration (mins)"
          type="number"
          inputMode="numeric"
          min={MIN_DURATION_MINUTES}
          step={1}
          hint={`At least ${MIN_DURATION_MINUTES}.`}
        />
        <TextField {...form.field('language')} label="Language" autoComplete="off" />
      </FieldRow>
      <FieldRow>
        <TextField {...form.field('release_date')} label="Release date" type="date" />
        <SelectField
          {...form.field('theater')}
          label="Theater"
          placeholder="Select a theater"
          options={theaterOptions(theaters)}
        />
      </FieldRow>
      <FormError message={form.formError} />
      <Button type="submit" busy={createMovie.isPending} busyLabel="Adding...">
        Add Movie
      </Button>
    </Form>
  );
}
