// Path and query parameters shared by the resources: ids are positive whole numbers that fit a
// JS number (anything else is a 400, never a database error).
import { z } from 'zod';

export const INVALID_ID = 'Invalid id.';

const ID = /^[1-9]\d{0,15}$/;

/** A path id such as `/shows/12`: 400 'Invalid id.' for 'abc', '0', '-1', '1.5', huge numbers. */
export const idParam = z.string().regex(ID, INVALID_ID).transform(Number);

/** `{ id }` for validate('param', ...). */
export const idParams = z.object({ id: idParam });

/** An optional id in the query string (`?theater=3`); empty counts as absent. */
export const optionalQueryId = (message: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = value?.trim() ?? '';
      if (v === '') return null;
      if (!ID.test(v)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(v);
    });

/** A positive whole-number id in a JSON body (a number, or digits in a string). */
export const bodyId = (message: string) =>
  z.union([z.number(), z.string().trim()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (!ID.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });
