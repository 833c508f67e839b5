import { ApiError } from '@cinema/api-client';
import { LAYOUT_LIMITS } from '@cinema/contract';
import { Button, Form, FormError, TextField, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useCreateScreen } from './api/createScreen';

const screenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Screen name is required.')
    .max(
      LAYOUT_LIMITS.screenName,
      `Screen name must be at most ${LAYOUT_LIMITS.screenName} characters.`,
    ),
});

/** Adds a screen (8 rows of 12 Standard seats, the API's default) and opens its layout editor. */
export function AddScreenForm({ theaterId }: { theaterId: number }) {
  const form = useSchemaForm({ name: '' });
  const createScreen = useCreateScreen();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(screenSchema);
    if (!input) return;
    createScreen.mutate(
      { theater: theaterId, name: input.name },
      {
        onSuccess: (screen) => {
          toast.success('Screen added.');
          form.reset();
          navigate(`/owner/screens/${screen.id}/layout`);
        },
        onError: (error) => {
          // 409 screen_name_taken has no field: its words belong under the name.
          if (error instanceof ApiError && error.code === 'screen_name_taken') {
            form.showFieldErrors({ name: error.message });
          } else {
            form.showServerError(error);
          }
          toast.error('Error adding screen.');
        },
      },
    );
  }

  return (
    <Form panel onSubmit={handleSubmit} aria-label="Add screen">
      <TextField
        {...form.field('name')}
        label="New screen name"
        hint="For example Audi 2 or IMAX. It starts as 8 rows of 12 seats; then draw its layout."
        maxLength={LAYOUT_LIMITS.screenName}
      />
      <FormError message={form.formError} />
      <Button type="submit" busy={createScreen.isPending} busyLabel="Adding...">
        Add screen
      </Button>
    </Form>
  );
}
