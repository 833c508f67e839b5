import { z } from 'zod';

/** Seat rows are lettered A to Z. */
export const ROWS = { min: 1, max: 26, default: 8 } as const;
export const SEATS_PER_ROW = { min: 1, max: 30, default: 12 } as const;

/** An optional whole number in [min, max]; left empty it is the default. */
function seatCount(limits: { min: number; max: number; default: number }, message: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        (/^\d+$/.test(value) && Number(value) >= limits.min && Number(value) <= limits.max),
      message,
    )
    .transform((value) => (value === '' ? limits.default : Number(value)));
}

/** Add theater, as the spec's validation rules say: name and location required (trimmed); the layout is optional. */
export const theaterSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  location: z.string().trim().min(1, 'Location is required.'),
  rows: seatCount(ROWS, `Rows must be a whole number from ${ROWS.min} to ${ROWS.max}.`),
  seats_per_row: seatCount(
    SEATS_PER_ROW,
    `Seats per row must be a whole number from ${SEATS_PER_ROW.min} to ${SEATS_PER_ROW.max}.`,
  ),
});

export const THEATER_FORM_VALUES = {
  name: '',
  location: '',
  rows: String(ROWS.default),
  seats_per_row: String(SEATS_PER_ROW.default),
};
