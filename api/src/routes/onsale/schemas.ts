// Bodies and answers of the on-sale resource (docs/decisions/0031-on-sale-waiting-room.md).
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { WAITLIST_SEATS } from '../../onsale/rules.ts';
import { highDemand, salesOpenAt } from '../../onsale/settings.ts';

export const NOTHING_TO_CHANGE = 'Send sales_open_at or high_demand to change.';

export const patchSaleSchema = z
  .object({ sales_open_at: salesOpenAt.optional(), high_demand: highDemand.optional() })
  .refine((body) => body.sales_open_at !== undefined || body.high_demand !== undefined, {
    message: NOTHING_TO_CHANGE,
  })
  .meta({ id: 'SaleSettingsChange' });

export const SaleSchema = z
  .object({
    show_id: z.number().int(),
    sales_open_at: Timestamp.nullable().meta({ description: 'null: on sale since it was added' }),
    high_demand: z.boolean(),
    sales_open: z
      .boolean()
      .meta({ description: 'Holds are taken now (by admission if high_demand)' }),
    line_opens_at: Timestamp.nullable().meta({
      description: 'When joining the line opens (high_demand); null: open already or no line',
    }),
    admission_minutes: z.number().int().meta({ description: 'How long an admission lasts' }),
    waitlist_length: z.number().int().meta({ description: 'Customers waiting on its waitlist' }),
    now: Timestamp.meta({ description: 'The server’s time, for countdowns' }),
  })
  .meta({ id: 'Sale' });

export const LinePlaceSchema = z
  .object({
    show_id: z.number().int(),
    status: z.enum(['waiting', 'admitted', 'expired', 'left']),
    place: z
      .number()
      .int()
      .nullable()
      .meta({ description: '1: next to be admitted (waiting only)' }),
    estimated_wait_seconds: z.number().int().nullable(),
    sales_open_at: Timestamp.nullable(),
    admitted_until: Timestamp.nullable(),
    admission_token: z.string().nullable().meta({
      description: 'While admitted: send it as `admission_token` with POST holds/',
    }),
    poll_after_seconds: z.number().int().meta({
      description:
        'When to ask again: 1 within one batch of the front of the line, 5 within the next, further back 5 to 30 (about a tenth of the estimated wait)',
    }),
    sold_out: z.boolean().meta({
      description:
        'Every seat is booked (none free, no hold pending): nobody more is admitted; stop polling and offer the waitlist',
    }),
    now: Timestamp,
  })
  .meta({ id: 'LinePlace' });

export const postWaitlistSchema = z.object({
  seats: z
    .number({ error: WAITLIST_SEATS })
    .int(WAITLIST_SEATS)
    .min(1, WAITLIST_SEATS)
    .max(10, WAITLIST_SEATS),
});

export const WaitlistEntrySchema = z
  .object({
    show_id: z.number().int(),
    state: z.enum(['waiting', 'offered', 'claimed', 'passed', 'left']),
    seats: z.number().int(),
    place: z
      .number()
      .int()
      .nullable()
      .meta({ description: '1: first to be offered (waiting only)' }),
    hold_id: z.number().int().nullable().meta({
      description:
        'While offered: the hold in the customer’s name; pay for it with holds/{id}/confirm/',
    }),
    offer_expires_at: Timestamp.nullable(),
    poll_after_seconds: z.number().int(),
  })
  .meta({ id: 'WaitlistEntry' });

export const QueueLengthsSchema = z
  .object({
    items: z.array(
      z.object({
        show_id: z.number().int(),
        waitlist_length: z
          .number()
          .int()
          .meta({ description: 'Customers waiting on its waitlist' }),
        line_length: z.number().int().nullable().meta({
          description: 'Customers waiting in its line (high-demand); null: no line',
        }),
      }),
    ),
  })
  .meta({ id: 'QueueLengths' });
