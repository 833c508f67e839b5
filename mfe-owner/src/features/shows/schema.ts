import { z } from 'zod';

export const END_BEFORE_START_MESSAGE = 'End time must be after the start time.';

/** Add show, as the spec's validation rules say: every field required; the API also wants the end after the start. */
export const showSchema = z
  .object({
    theater: z.string().min(1, 'Theater is required.').transform(Number),
    movie: z.string().min(1, 'Movie is required.').transform(Number),
    date: z.string().min(1, 'Date is required.'),
    start_time: z.string().min(1, 'Start time is required.'),
    end_time: z.string().min(1, 'End time is required.'),
  })
  // 'HH:MM' strings compare in time order.
  .refine((show) => show.end_time > show.start_time, {
    path: ['end_time'],
    message: END_BEFORE_START_MESSAGE,
  });

export const SHOW_FORM_VALUES = {
  theater: '',
  movie: '',
  date: '',
  start_time: '',
  end_time: '',
};
