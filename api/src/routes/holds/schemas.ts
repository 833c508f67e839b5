// Request bodies of the holds resource.
import { z } from 'zod';
import { DUPLICATE_SEATS, MAX_TICKETS, MIN_TICKETS, TICKET_COUNT } from '../../booking/rules.ts';
import { TicketSchema } from '../../booking/schemas.ts';
import { Timestamp } from '../../http/openapi.ts';
import { bodyId } from '../../http/params.ts';
import { admissionTokenField } from '../../onsale/gate.ts';

export const postHoldSchema = z.object({
  show_id: bodyId('Invalid show id.'),
  seat_ids: z
    .array(bodyId('Invalid seat id.'), { error: 'seat_ids must be a list of seat ids.' })
    .min(MIN_TICKETS, TICKET_COUNT)
    .max(MAX_TICKETS, TICKET_COUNT)
    .refine((ids) => new Set(ids).size === ids.length, DUPLICATE_SEATS),
  admission_token: admissionTokenField,
  // The customer needs a wheelchair space: they may hold one before the show's
  // accessible_release_at (docs/decisions/0045-screens-and-seat-layouts.md).
  accessible: z.boolean({ error: 'accessible must be true or false.' }).optional(),
});

// ---- answers ----
export const HoldSchema = z
  .object({
    id: z.number().int(),
    show_id: z.number().int(),
    seats: z.array(
      z.object({
        id: z.number().int(),
        row: z.string(),
        column: z.number().int(),
        label: z.string(),
      }),
    ),
    expires_at: Timestamp,
    total_price: z.number(),
    status: z.enum(['active', 'expired', 'confirmed', 'released']),
  })
  .meta({ id: 'Hold' });

export const ConfirmedHoldSchema = z.object({ tickets: z.array(TicketSchema) });
