// POST /api/shows/ {movie, theater, screen?, date, start_time, end_time} (owners only): a show of
// one of the caller's movies in that movie's theater, on one of its screens (by default its
// first), entered in local time (config.appTimezone). Its seats are drawn from the screen's
// layout in the statement that creates it (docs/decisions/0045-screens-and-seat-layouts.md).
// Two shows on one screen never overlap (on two screens of a theater they may): the database's
// exclusion constraint (shows_no_overlap_on_screen) decides, so two racing requests get one 201
// and one 409 (a deadlock between them is retried). A show starts after now and at most a year
// ahead, and lasts at least as long as its movie. Any `owner` in the body is ignored.
import { z } from 'zod';
import { recordAudit } from '../../audit/sql.ts';
import { constraintName, sqlState } from '../../db/errors.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, conflict, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { isoDate, TIME_PATTERN, timeOfDay } from '../../http/validators.ts';
import { checkSalesOpenAt, highDemand, salesOpenAt } from '../../onsale/settings.ts';
import { saveSaleSettings } from '../../onsale/sql.ts';
import { ShowSchema } from './schemas.ts';
import { findShow, insertShow, showCreationFacts } from './sql.ts';

export const MOVIE_REQUIRED = 'Movie is required.';
export const THEATER_REQUIRED = 'Theater is required.';
export const DATE_REQUIRED = 'Date is required.';
export const START_REQUIRED = 'Start time is required.';
export const END_REQUIRED = 'End time is required.';
export const END_BEFORE_START = 'End time must be after the start time.';
export const SELECT_MOVIE = 'Please select a movie.';
// The add-movie form's message too (docs/spec-notes.md, validation).
export const SELECT_THEATER = 'Please select a theater.';
export const SHOW_IN_PAST = 'The show cannot start in the past.';
export const SHOW_TOO_FAR_AHEAD = 'A show can be scheduled at most a year ahead.';
export const shorterThanMovie = (minutes: number) =>
  `The show must be at least as long as the movie (${minutes} minutes).`;
export const MOVIE_NOT_IN_THEATER = 'This movie is not shown in that theater.';
export const SHOW_OVERLAP = 'Another show is already scheduled in this theater at that time.';
export const SELECT_SCREEN = 'Please select a screen of this theater.';

/** A required id in the body: a positive whole number, or digits in a string. */
const requiredId = (message: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      const text = value === undefined || value === null ? '' : String(value);
      if (!/^[1-9]\d{0,15}$/.test(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    });

const schema = z
  .object({
    movie: requiredId(MOVIE_REQUIRED),
    theater: requiredId(THEATER_REQUIRED),
    // Absent (or null, ''): the theater's first screen, as a spec-made theater's only one.
    screen: z
      .union([z.number(), z.string().trim(), z.null()], { error: SELECT_SCREEN })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null || value === '') return null;
        const text = String(value);
        if (!/^[1-9]\d{0,15}$/.test(text)) {
          ctx.addIssue({ code: 'custom', message: SELECT_SCREEN });
          return z.NEVER;
        }
        return Number(text);
      }),
    // Years 1900..2100 here; the handler then keeps it from now to a year ahead.
    date: isoDate({ required: DATE_REQUIRED }),
    start_time: timeOfDay(START_REQUIRED),
    end_time: timeOfDay(END_REQUIRED),
    // The on-sale's settings (onsale/settings.ts, docs/decisions/0031-on-sale-waiting-room.md).
    sales_open_at: salesOpenAt.optional(),
    high_demand: highDemand.optional(),
  })
  .refine(
    // Only once both times are well formed (zod runs this after a non-fatal issue too).
    (s) =>
      !(TIME_PATTERN.test(s.start_time) && TIME_PATTERN.test(s.end_time)) ||
      s.end_time > s.start_time,
    { message: END_BEFORE_START, path: ['end_time'] },
  );

/** The same instant a calendar year later (29 February to 1 March). */
function aYearAfter(at: Date): Date {
  const later = new Date(at);
  later.setUTCFullYear(later.getUTCFullYear() + 1);
  return later;
}

export const postShow = factory.createHandlers(
  describe({
    summary: 'Schedule a show (its seats are generated)',
    tags: ['shows'],
    auth: true,
    answers: { 201: answer('The show', ShowSchema) },
    errors: [
      'permission_denied',
      'movie_not_in_theater',
      'show_in_past',
      'show_too_far_ahead',
      ['show_overlap', 'Another show is already scheduled in this theater at that time.'],
    ],
  }),

  requireRole('owner'),
  validate('json', schema),
  async (c) => {
    const { db, clock, config, user } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    const tz = config.appTimezone;
    const facts = await showCreationFacts(db, {
      ownerId: user.id,
      theaterId: body.theater,
      movieId: body.movie,
      date: body.date,
      startTime: body.start_time,
      endTime: body.end_time,
      tz,
    });
    // Someone else's theater or movie is answered like one that does not exist.
    if (!facts.own_theater) {
      badRequest(SELECT_THEATER, { theater: SELECT_THEATER }, { code: 'validation_error' });
    }
    if (!facts.own_movie) {
      badRequest(SELECT_MOVIE, { movie: SELECT_MOVIE }, { code: 'validation_error' });
    }
    if (facts.movie_theater !== body.theater) {
      badRequest(MOVIE_NOT_IN_THEATER, undefined, { code: 'movie_not_in_theater' });
    }
    if (facts.starts_at <= now) badRequest(SHOW_IN_PAST, undefined, { code: 'show_in_past' });
    if (facts.starts_at > aYearAfter(now)) {
      badRequest(SHOW_TOO_FAR_AHEAD, { date: SHOW_TOO_FAR_AHEAD }, { code: 'show_too_far_ahead' });
    }
    if (facts.ends_at <= facts.starts_at) {
      // A clock change inside the show (DST) can make a later wall-clock time an earlier instant.
      badRequest(END_BEFORE_START, { end_time: END_BEFORE_START }, { code: 'validation_error' });
    }
    const minutes = (facts.ends_at.getTime() - facts.starts_at.getTime()) / 60_000;
    if (facts.movie_minutes !== null && minutes < facts.movie_minutes) {
      const message = shorterThanMovie(facts.movie_minutes);
      badRequest(message, { end_time: message }, { code: 'validation_error' });
    }
    const sale = { salesOpenAt: body.sales_open_at ?? null, highDemand: body.high_demand ?? false };
    checkSalesOpenAt(sale.salesOpenAt, { startsAt: facts.starts_at }, now);

    let id: number;
    try {
      // Two overlapping inserts racing can deadlock inside the exclusion check (each waits for
      // the other's index entry); the retry then sees the winner and fails cleanly with 23P01.
      ({ id } = await transactionWithRetry(db, async (tx) => {
        const inserted = await insertShow(tx, {
          movieId: body.movie,
          theaterId: body.theater,
          screenId: body.screen,
          startsAt: facts.starts_at,
          endsAt: facts.ends_at,
          now,
        });
        // Another theater's screen (or none) is answered like one that does not exist.
        if (!inserted) {
          badRequest(SELECT_SCREEN, { screen: SELECT_SCREEN }, { code: 'validation_error' });
        }
        await saveSaleSettings(tx, inserted.id, sale);
        await recordAudit(tx, {
          at: now,
          actorId: user.id,
          action: 'show.created',
          entity: { kind: 'show', id: inserted.id },
          details: {
            movie: body.movie,
            theater: body.theater,
            screen: inserted.screen,
            starts_at: facts.starts_at,
            ends_at: facts.ends_at,
            sales_open_at: sale.salesOpenAt,
            high_demand: sale.highDemand,
          },
        });
        return inserted;
      }));
    } catch (error) {
      if (sqlState(error) === '23P01' && constraintName(error) === 'shows_no_overlap_on_screen') {
        conflict(SHOW_OVERLAP, { code: 'show_overlap' });
      }
      throw error;
    }
    const show = await findShow(db, id, { now, tz });
    if (!show) throw new Error(`Show ${id} vanished after it was created`);
    // As the show lists answer it: the detail's own is_past and movie_poster left out.
    const { is_past: _, movie_poster: __, ...created } = show;
    return c.json(created, 201);
  },
);
