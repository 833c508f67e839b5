import { useSession } from '@cinema/auth';
import { Button, FieldRow, Form, FormError, TextField, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useCreateTheater } from './api/createTheater';
import { ROWS, SEATS_PER_ROW, THEATER_FORM_VALUES, theaterSchema } from './schema';

export const NOT_AN_OWNER_MESSAGE = 'You must be logged in as an owner to add a theater.';

/** Name, location and seat layout of a new theater. Used by Add Theater and the dashboard. */
export function AddTheaterForm() {
  const { isLoggedIn, role } = useSession();
  const form = useSchemaForm(THEATER_FORM_VALUES);
  const createTheater = useCreateTheater();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isLoggedIn || role !== 'owner') {
      form.setFormError(NOT_AN_OWNER_MESSAGE);
      return;
    }
    const input = form.validate(theaterSchema);
    if (!input) return;
    createTheater.mutate(input, {
      onSuccess: () => {
        toast.success('Theater added successfully!');
        form.reset();
      },
      onError: (error) => {
        form.showServerError(error);
        toast.error('Failed to add theater. Try again.');
      },
    });
  }

  return (
    <Form panel onSubmit={handleSubmit} aria-label="Add Theater">
      <TextField {...form.field('name')} label="Name" autoComplete="off" />
      <TextField
        {...form.field('location')}
        label="Location"
        hint="Area and city, e.g. Koramangala, Bengaluru."
        autoComplete="off"
      />
      <FieldRow>
        <TextField
          {...form.field('rows')}
          label="Rows"
          type="number"
          inputMode="numeric"
          min={ROWS.min}
          max={ROWS.max}
          step={1}
          hint={`Optional: ${ROWS.min} to ${ROWS.max}, lettered A, B, C...`}
        />
        <TextField
          {...form.field('seats_per_row')}
          label="Seats per row"
          type="number"
          inputMode="numeric"
          min={SEATS_PER_ROW.min}
          max={SEATS_PER_ROW.max}
          step={1}
          hint={`Optional: ${SEATS_PER_ROW.min} to ${SEATS_PER_ROW.max}.`}
        />
      </FieldRow>
      <FormError message={form.formError} />
      <Button type="submit" busy={createTheater.isPending} busyLabel="Adding...">
        Add Theater
      </Button>
    </Form>
  );
}
