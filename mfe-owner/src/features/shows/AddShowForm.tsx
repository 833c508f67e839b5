import type { Movie, Theater } from '@cinema/api-client';
import {
  Button,
  FieldRow,
  Form,
  FormError,
  failureMessage,
  plural,
  SelectField,
  TextField,
  useSchemaForm,
} from '@cinema/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { OwnTheaters, theaterOptions } from '../../components/OwnTheaters';
import { useMovieChoices, useScreenChoices } from '../../lib/choices';
import { addMinutes, todayIso } from '../../lib/time';
import styles from './AddShowForm.module.css';
import { useCreateShow } from './api/createShow';
import { SaleFields } from './SaleFields';
import { SHOW_FORM_VALUES, showSchema } from './schema';

const CHOICES_ERROR = 'Failed to fetch theaters or movies.';

export interface AddShowFormProps {
  /** Where to add a theater or a movie when there is none: the pages, or the dashboard's tabs. */
  addTheaterHref?: string;
  addMovieHref?: string;
}

/** A new show of a movie in one of the owner's theaters. Used by Add Show and the dashboard. */
export function AddShowForm({
  addTheaterHref = '/owner/add-theater',
  addMovieHref = '/owner/add-movie',
}: AddShowFormProps) {
  return (
    <OwnTheaters errorMessage={CHOICES_ERROR} adding="shows" addTheaterHref={addTheaterHref}>
      {(theaters) => <ShowForm theaters={theaters} addMovieHref={addMovieHref} />}
    </OwnTheaters>
  );
}

function ShowForm({ theaters, addMovieHref }: { theaters: Theater[]; addMovieHref: string }) {
  const form = useSchemaForm(SHOW_FORM_VALUES);
  const createShow = useCreateShow();
  const theaterId = form.values.theater === '' ? null : Number(form.values.theater);
  const movies = useMovieChoices(theaterId);
  const screens = useScreenChoices(theaterId);
  const screenValue = form.values.screen;
  const { setValue } = form;
  // The theater's first screen unless the owner picks another (the API's default too).
  useEffect(() => {
    if (!screens.data) return;
    const chosen = screens.data.some((screen) => String(screen.id) === screenValue);
    const wanted = chosen ? screenValue : String(screens.data[0]?.id ?? '');
    if (wanted !== screenValue) setValue('screen', wanted);
  }, [screens.data, screenValue, setValue]);
  // The movie whose length filled in the end time, while the owner has not changed it.
  const [endFrom, setEndFrom] = useState<Movie | null>(null);

  function findMovie(movieId: string): Movie | undefined {
    return movies.data?.find((movie) => String(movie.id) === movieId);
  }

  /** With a movie and a start time, the end time is the start plus the movie's length. */
  function fillEndTime(movieId: string, startTime: string) {
    const movie = findMovie(movieId);
    const end = movie && startTime !== '' ? addMinutes(startTime, movie.duration_minutes) : null;
    if (!movie || end === null) return;
    form.setValue('end_time', end);
    setEndFrom(movie);
  }

  function changeTheater(value: string) {
    form.setValue('theater', value);
    // Another theater runs other movies on other screens.
    if (form.values.movie !== '') form.setValue('movie', '');
    if (form.values.screen !== '') form.setValue('screen', '');
    setEndFrom(null);
  }

  function changeMovie(value: string) {
    form.setValue('movie', value);
    fillEndTime(value, form.values.start_time);
  }

  function changeStartTime(value: string) {
    form.setValue('start_time', value);
    fillEndTime(form.values.movie, value);
  }

  function changeEndTime(value: string) {
    form.setValue('end_time', value);
    setEndFrom(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(showSchema);
    if (!input) return;
    const { movie, theater, screen, date, start_time, end_time, sales_open_at, high_demand } =
      input;
    createShow.mutate(
      {
        movie,
        theater,
        ...(screen !== null ? { screen } : {}),
        date,
        start_time,
        end_time,
        // Sent only when set: an ordinary show's request stays as it was.
        ...(sales_open_at ? { sales_open_at } : {}),
        ...(high_demand ? { high_demand } : {}),
      },
      {
        onSuccess: () => {
          toast.success('Show added successfully!');
          form.reset();
          setEndFrom(null);
        },
        onError: (error) => {
          // Overlap, a start in the past, an end before the start: the owner must see which.
          form.showServerError(error);
          toast.error('Error adding show.');
        },
      },
    );
  }

  let screenPlaceholder = 'Select a screen';
  if (theaterId === null) screenPlaceholder = 'Select a theater first';
  else if (screens.isPending) screenPlaceholder = 'Loading screens...';
  else if (screens.isError) screenPlaceholder = 'Screens could not be loaded';

  const noMovies = movies.isSuccess && movies.data.length === 0;
  let moviePlaceholder = 'Select a movie';
  if (theaterId === null) moviePlaceholder = 'Select a theater first';
  else if (movies.isPending) moviePlaceholder = 'Loading movies...';
  else if (movies.isError) moviePlaceholder = 'Select a movie';
  else if (noMovies) moviePlaceholder = 'No movies in this theater';

  return (
    <Form panel onSubmit={handleSubmit} aria-label="Add Show">
      <FieldRow>
        <SelectField
          {...form.field('theater')}
          onChange={(event) => changeTheater(event.target.value)}
          label="Theater"
          placeholder="Select a theater"
          options={theaterOptions(theaters)}
        />
        <SelectField
          {...form.field('screen')}
          label="Screen"
          placeholder={screenPlaceholder}
          options={(screens.data ?? []).map((screen) => ({
            value: screen.id,
            label: `${screen.name} (${plural(screen.seat_count, 'seat')})`,
          }))}
          disabled={!screens.isSuccess || screens.data.length === 0}
        />
      </FieldRow>
      <FieldRow>
        <SelectField
          {...form.field('movie')}
          onChange={(event) => changeMovie(event.target.value)}
          label="Movie"
          placeholder={moviePlaceholder}
          options={(movies.data ?? []).map((movie) => ({
            value: movie.id,
            label: `${movie.title} (${movie.duration_minutes} mins)`,
          }))}
          disabled={!movies.isSuccess || noMovies}
          hint={
            noMovies ? (
              <>
                This theater has no movies yet. <Link to={addMovieHref}>Add a movie</Link> first.
              </>
            ) : movies.isError ? (
              // Said once, here (no toast): toasts are for actions.
              <>
                {failureMessage(movies.error, CHOICES_ERROR)}{' '}
                <Button variant="secondary" size="small" onClick={() => void movies.refetch()}>
                  Retry
                </Button>
              </>
            ) : undefined
          }
        />
      </FieldRow>
      <TextField
        {...form.field('date')}
        label="Date"
        type="date"
        min={todayIso()}
        className={styles.date}
      />
      <FieldRow>
        <TextField
          {...form.field('start_time')}
          onChange={(event) => changeStartTime(event.target.value)}
          label="Start time"
          type="time"
        />
        <TextField
          {...form.field('end_time')}
          onChange={(event) => changeEndTime(event.target.value)}
          label="End time"
          type="time"
          hint={
            endFrom
              ? `From the movie's length (${endFrom.duration_minutes} mins); you can change it.`
              : undefined
          }
        />
      </FieldRow>
      <FieldRow>
        <SaleFields
          openingLabel="Sales open at (optional)"
          opening={form.field('sales_open_at')}
          highDemand={form.values.high_demand === 'yes'}
          onHighDemandChange={(checked) => form.setValue('high_demand', checked ? 'yes' : '')}
        />
      </FieldRow>
      <FormError message={form.formError} />
      <Button type="submit" busy={createShow.isPending} busyLabel="Adding...">
        Add Show
      </Button>
    </Form>
  );
}
