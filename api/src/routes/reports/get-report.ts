// GET /api/reports/?from=YYYY-MM-DD&to=YYYY-MM-DD (admins: every theater; owners: their own;
// 403 for customers): sales of the shows dated, locally, from `from` to `to` inclusive. The
// default range is the last 30 days to the next 30 (the clock's local date, config.appTimezone).
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { optionalIsoDate } from '../../http/validators.ts';
import { REPORT_TOP_ROWS, ReportSchema } from './schemas.ts';
import { salesReport } from './sql.ts';

export const REVERSED_RANGE = 'The start date must not be after the end date.';
/** Days before and after today of the default range. */
export const DEFAULT_SPAN_DAYS = 30;

// Years 1900..2100: PostgreSQL has no year 0, and nothing was or will be shown outside them.
const query = z.object({ from: optionalIsoDate(), to: optionalIsoDate() });

/** The calendar date ('YYYY-MM-DD') of `at` in time zone `tz`. */
export function localDateOf(at: Date, tz: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const getReport = factory.createHandlers(
  describe({
    summary: 'Sales and occupancy report',
    tags: ['reports'],
    auth: true,
    answers: { 200: answer('Admin: all theaters; owner: own', ReportSchema) },
    errors: ['permission_denied', 'invalid_range', 'replica_unavailable'],
  }),

  requireRole('admin', 'owner'),
  validate('query', query),
  async (c) => {
    const { clock, config, user } = c.var;
    const params = c.req.valid('query');
    const now = clock();
    const today = localDateOf(now, config.appTimezone);
    const from = params.from ?? plusDays(today, -DEFAULT_SPAN_DAYS);
    const to = params.to ?? plusDays(today, DEFAULT_SPAN_DAYS);
    if (from > to) badRequest(REVERSED_RANGE, undefined, { code: 'invalid_range' });
    const report = await salesReport(c.var.readDb, {
      from,
      to,
      tz: config.appTimezone,
      ownerId: user.role === 'owner' ? user.id : null,
      now,
      top: REPORT_TOP_ROWS,
    });
    return c.json({ from, to, ...report });
  },
);
