// POST /api/theaters/ {name, location, rows?, seats_per_row?} (owners only): a theater of the
// caller's. Any `owner` in the body is ignored: the owner is always the caller.
import { z } from 'zod';
import { recordAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { requiredText } from '../../http/validators.ts';
import { TheaterSchema } from './schemas.ts';
import { insertTheater } from './sql.ts';

export const NAME_REQUIRED = 'Name is required.';
export const LOCATION_REQUIRED = 'Location is required.';
export const ROWS_RANGE = 'Rows must be a whole number from 1 to 26.';
export const SEATS_PER_ROW_RANGE = 'Seats per row must be a whole number from 1 to 30.';
const TEXT_MAX = 200;

/** An optional whole number in [min, max], given as a number or digits; null/'' count as absent. */
const optionalWhole = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return undefined;
      const n =
        typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const schema = z.object({
  name: requiredText(NAME_REQUIRED).max(TEXT_MAX, `Name must be at most ${TEXT_MAX} characters.`),
  location: requiredText(LOCATION_REQUIRED).max(
    TEXT_MAX,
    `Location must be at most ${TEXT_MAX} characters.`,
  ),
  rows: optionalWhole(1, 26, ROWS_RANGE),
  seats_per_row: optionalWhole(1, 30, SEATS_PER_ROW_RANGE),
});

export const postTheater = factory.createHandlers(
  describe({
    summary: 'Add a theater',
    tags: ['theaters'],
    auth: true,
    answers: { 201: answer('The theater', TheaterSchema) },
    errors: ['permission_denied'],
  }),

  requireRole('owner'),
  validate('json', schema),
  async (c) => {
    const { name, location, rows, seats_per_row } = c.req.valid('json');
    const now = c.var.clock();
    const theater = await c.var.db.transaction(async (tx) => {
      const added = await insertTheater(tx, {
        ownerId: c.var.user.id,
        name,
        location,
        seatRows: rows,
        seatsPerRow: seats_per_row,
        now,
      });
      const { id, owner: _, ...details } = added;
      await recordAudit(tx, {
        at: now,
        actorId: c.var.user.id,
        action: 'theater.created',
        entity: { kind: 'theater', id },
        details,
      });
      return added;
    });
    return c.json(theater, 201);
  },
);
