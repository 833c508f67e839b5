// POST /api/movies/ {title, description, duration_minutes, language, release_date, theater}
// (owners only): a movie in one of the caller's theaters. Any `owner` in the body is ignored.
import { z } from 'zod';
import { recordAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import {
  isoDate,
  MAX_YEAR,
  MIN_YEAR,
  requiredMultilineText,
  requiredText,
} from '../../http/validators.ts';
import { MovieSchema } from './schemas.ts';
import { insertOwnedMovie } from './sql.ts';

export const TITLE_REQUIRED = 'Title is required.';
export const DESCRIPTION_REQUIRED = 'Description is required.';
export const LANGUAGE_REQUIRED = 'Language is required.';
export const DURATION_REQUIRED = 'Duration is required.';
export const DURATION_MIN = 'Duration must be at least 60 minutes.';
export const DURATION_MAX = 'Duration must be at most 600 minutes.';
export const DURATION_WHOLE = 'Duration must be a whole number of minutes.';
export const RELEASE_DATE_REQUIRED = 'Release date is required.';
export const RELEASE_DATE_INVALID = 'Enter a valid release date (YYYY-MM-DD).';
export const RELEASE_DATE_RANGE = `Release date must be from ${MIN_YEAR} to ${MAX_YEAR}.`;
export const SELECT_THEATER = 'Please select a theater.';

/** Required; a number or digits (form inputs send strings). */
const duration = z
  .union([z.number(), z.string().trim(), z.null()], { error: DURATION_REQUIRED })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: DURATION_REQUIRED });
      return z.NEVER;
    }
    const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
    const message = !Number.isInteger(n)
      ? DURATION_WHOLE
      : n < 60
        ? DURATION_MIN
        : n > 600
          ? DURATION_MAX
          : null;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** A theater id: required, a positive whole number (else 'Please select a theater.'). */
const theaterId = z
  .union([z.number(), z.string().trim(), z.null()], { error: SELECT_THEATER })
  .optional()
  .transform((value, ctx) => {
    const text = value === undefined || value === null ? '' : String(value);
    if (!/^[1-9]\d{0,15}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: SELECT_THEATER });
      return z.NEVER;
    }
    return Number(text);
  });

const schema = z.object({
  title: requiredText(TITLE_REQUIRED).max(200, 'Title must be at most 200 characters.'),
  description: requiredMultilineText(DESCRIPTION_REQUIRED).max(
    5000,
    'Description must be at most 5000 characters.',
  ),
  duration_minutes: duration,
  language: requiredText(LANGUAGE_REQUIRED).max(100, 'Language must be at most 100 characters.'),
  release_date: isoDate({
    required: RELEASE_DATE_REQUIRED,
    invalid: RELEASE_DATE_INVALID,
    range: RELEASE_DATE_RANGE,
  }),
  theater: theaterId,
});

export const postMovie = factory.createHandlers(
  describe({
    summary: 'Add a movie to an own theater',
    tags: ['movies'],
    auth: true,
    answers: { 201: answer('The movie', MovieSchema) },
    errors: ['permission_denied'],
  }),

  requireRole('owner'),
  validate('json', schema),
  async (c) => {
    const body = c.req.valid('json');
    const now = c.var.clock();
    const movie = await c.var.db.transaction(async (tx) => {
      const added = await insertOwnedMovie(tx, {
        theaterId: body.theater,
        ownerId: c.var.user.id,
        title: body.title,
        description: body.description,
        durationMinutes: body.duration_minutes,
        language: body.language,
        releaseDate: body.release_date,
        now,
      });
      // The description stays out: the record is small, the movie row has it.
      if (added) {
        const { title, theater, duration_minutes, language, release_date } = added;
        await recordAudit(tx, {
          at: now,
          actorId: c.var.user.id,
          action: 'movie.created',
          entity: { kind: 'movie', id: added.id },
          details: { title, theater, duration_minutes, language, release_date },
        });
      }
      return added;
    });
    // Not one of the caller's theaters (or none at all): the form's own message.
    if (!movie)
      badRequest(SELECT_THEATER, { theater: SELECT_THEATER }, { code: 'validation_error' });
    return c.json(movie, 201);
  },
);
