import { z } from 'zod';

/** The spec's minimum for the duration input (docs/spec-notes.md, owner forms). */
export const MIN_DURATION_MINUTES = 60;

/** Add movie, as the spec's validation rules say: text fields trimmed, every field required. */
export const movieSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.'),
  description: z.string().trim().min(1, 'Description is required.'),
  duration_minutes: z
    .string()
    .trim()
    .min(1, 'Duration is required.')
    .refine((value) => /^\d+$/.test(value), 'Duration must be a whole number of minutes.')
    .transform(Number)
    .refine(
      (minutes) => minutes >= MIN_DURATION_MINUTES,
      `Duration must be at least ${MIN_DURATION_MINUTES} minutes.`,
    ),
  language: z.string().trim().min(1, 'Language is required.'),
  release_date: z.string().trim().min(1, 'Release date is required.'),
  theater: z.string().min(1, 'Please select a theater.').transform(Number),
});

export const MOVIE_FORM_VALUES = {
  title: '',
  description: '',
  duration_minutes: '',
  language: '',
  release_date: '',
  theater: '',
};
