// The two sale settings an owner gives a show, in the body of POST shows/ and PATCH onsale/{id}/:
// `sales_open_at` (an ISO 8601 instant with its offset, or null: on sale at once) and
// `high_demand` (a waiting line and admission tokens). docs/decisions/0031-on-sale-waiting-room.md.
import { z } from 'zod';
import { badRequest } from '../http/errors.ts';
import { MAX_YEAR, MIN_YEAR } from '../http/validators.ts';
import { SALES_OPEN_AFTER_START, SALES_OPEN_IN_PAST } from './rules.ts';

export const SALES_OPEN_INVALID = 'Enter the sales opening time as a date and time.';

/** An instant with its offset ('2026-12-01T10:00:00+05:30' or '...Z'), years MIN_YEAR..MAX_YEAR. */
export const salesOpenAt = z
  .union([z.string(), z.null()], { error: SALES_OPEN_INVALID })
  .transform((value, ctx) => {
    if (value === null) return null;
    const parsed = z.iso.datetime({ offset: true }).safeParse(value.trim());
    const at = parsed.success ? new Date(parsed.data) : null;
    const year = at?.getUTCFullYear() ?? 0;
    if (!at || Number.isNaN(at.getTime()) || year < MIN_YEAR || year > MAX_YEAR) {
      ctx.addIssue({ code: 'custom', message: SALES_OPEN_INVALID });
      return z.NEVER;
    }
    return at;
  })
  .meta({ description: 'When sales open (ISO 8601 with offset); null: at once' });

export const highDemand = z
  .boolean({ error: 'high_demand must be true or false.' })
  .meta({ description: 'A waiting line in front of the sale, and admission tokens for holds' });

/**
 * 400 unless a new opening time is ahead of `now` and before the show starts. An unchanged one
 * (`current`) may have passed already (the owner only flips high_demand).
 */
export function checkSalesOpenAt(
  at: Date | null,
  show: { startsAt: Date; current?: Date | null },
  now: Date,
): void {
  if (at === null) return;
  const unchanged = show.current?.getTime() === at.getTime();
  if (!unchanged && at <= now) {
    badRequest(
      SALES_OPEN_IN_PAST,
      { sales_open_at: SALES_OPEN_IN_PAST },
      { code: 'validation_error' },
    );
  }
  if (at >= show.startsAt) {
    badRequest(
      SALES_OPEN_AFTER_START,
      { sales_open_at: SALES_OPEN_AFTER_START },
      { code: 'validation_error' },
    );
  }
}
