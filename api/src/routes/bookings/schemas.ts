// Request bodies of the bookings resource.
import { z } from 'zod';
import { bodyId } from '../../http/params.ts';
import { admissionTokenField } from '../../onsale/gate.ts';

export const INVALID_ROW = 'Invalid row: use a row label of one or two letters (A to ZZ).';
export const INVALID_COLUMN = 'Invalid column: use a seat number from 1 to 60.';

/**
 * A row label of one or two letters ('A'..'ZZ', any case; a screen's layout names its rows so,
 * decision 0045), or a number 1..26 (1 = 'A'); the result is the label.
 */
const rowField = z.union([z.string(), z.number()], { error: INVALID_ROW }).transform((v, ctx) => {
  const text = String(v).trim().toUpperCase();
  if (/^[A-Z]{1,2}$/.test(text)) return text;
  if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 26) {
    return String.fromCharCode(64 + Number(text));
  }
  ctx.addIssue({ code: 'custom', message: INVALID_ROW });
  return z.NEVER;
});

/** A seat number in its row, 1..60 as a layout allows (a number, or digits in a string). */
const columnField = z
  .union([z.number(), z.string()], { error: INVALID_COLUMN })
  .transform((v, ctx) => {
    const text = String(v).trim();
    if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 60) return Number(text);
    ctx.addIssue({ code: 'custom', message: INVALID_COLUMN });
    return z.NEVER;
  });

export const postBookingSchema = z.object({
  movie_id: bodyId('Invalid movie id.'),
  theater_id: bodyId('Invalid theater id.'),
  show_id: bodyId('Invalid show id.'),
  row: rowField,
  column: columnField,
  admission_token: admissionTokenField,
});
