import { z } from 'zod';

export const END_BEFORE_START_MESSAGE = 'End time must be after the start time.';
// The API's messages for the sales opening time (api/src/onsale/rules.ts).
export const SALES_OPEN_IN_PAST = 'The sales opening time must be in the future.';
export const SALES_OPEN_AFTER_START = 'Sales must open before the show starts.';

/** A datetime-local value ('2030-01-15T10:00', the device's time) as an instant, or null. */
export function localInstant(value: string): Date | null {
  if (value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Add show, as the spec's validation rules say: every field required; the API also wants the end after the start. */
export const showSchema = z
  .object({
    theater: z.string().min(1, 'Theater is required.').transform(Number),
    movie: z.string().min(1, 'Movie is required.').transform(Number),
    // The theater's screens load after it is chosen; the first is chosen for the owner.
    screen: z.string().transform((v) => (v === '' ? null : Number(v))),
    date: z.string().min(1, 'Date is required.'),
    start_time: z.string().min(1, 'Start time is required.'),
    end_time: z.string().min(1, 'End time is required.'),
    // Optional: empty means on sale at once (docs/decisions/0031-on-sale-waiting-room.md).
    sales_open_at: z
      .string()
      .refine((v) => v === '' || (localInstant(v)?.getTime() ?? 0) > Date.now(), SALES_OPEN_IN_PAST)
      .transform((v) => localInstant(v)?.toISOString() ?? null),
    high_demand: z.string().transform((v) => v === 'yes'),
  })
  // 'HH:MM' strings compare in time order.
  .refine((show) => show.end_time > show.start_time, {
    path: ['end_time'],
    message: END_BEFORE_START_MESSAGE,
  })
  .refine(
    (show) =>
      show.sales_open_at === null ||
      show.date === '' ||
      show.start_time === '' ||
      new Date(show.sales_open_at) < new Date(`${show.date}T${show.start_time}`),
    { path: ['sales_open_at'], message: SALES_OPEN_AFTER_START },
  );

export const SHOW_FORM_VALUES = {
  theater: '',
  movie: '',
  screen: '',
  date: '',
  start_time: '',
  end_time: '',
  sales_open_at: '',
  /** 'yes' when ticked. */
  high_demand: '',
};
